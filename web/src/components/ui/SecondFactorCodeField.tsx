import { useState } from 'react';
import { OneTimeCodeField } from './OneTimeCodeField';
import { TextField } from './TextField';

/** What proves the second factor: the authenticator app's 6-digit code, or one of the recovery codes. */
export type SecondFactorCodeKind = 'app' | 'recovery';

interface SecondFactorCodeFieldProps {
  kind: SecondFactorCodeKind;
  onKindChange: (kind: SecondFactorCodeKind) => void;
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
}

const switchLabels: Record<SecondFactorCodeKind, string> = {
  app: 'Use a recovery code instead',
  recovery: 'Use your authenticator app',
};

/**
 * The code field of a two-factor step, with the switch between the app's code and a recovery
 * code. A recovery code is sent as typed: the server ignores its case, spaces and hyphens.
 * A switch empties the field, and the new field takes the focus.
 */
export function SecondFactorCodeField({ kind, onKindChange, value, onChange, disabled }: SecondFactorCodeFieldProps) {
  const [switched, setSwitched] = useState(false);
  return (
    <div className="space-y-2">
      {kind === 'app' ? (
        <OneTimeCodeField value={value} onChange={onChange} disabled={disabled} autoFocus={switched} />
      ) : (
        <TextField
          label="Recovery code"
          name="recovery-code"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          maxLength={64}
          placeholder="xxxxx-xxxxx"
          hint="Each recovery code works once."
          className="[&_input]:font-mono [&_input]:tracking-wider"
          value={value}
          disabled={disabled}
          autoFocus={switched}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      )}
      <button
        type="button"
        className="text-sm font-medium text-brand-soft underline-offset-4 hover:underline disabled:opacity-60"
        disabled={disabled}
        onClick={() => {
          setSwitched(true);
          onChange('');
          onKindChange(kind === 'app' ? 'recovery' : 'app');
        }}
      >
        {switchLabels[kind]}
      </button>
    </div>
  );
}
