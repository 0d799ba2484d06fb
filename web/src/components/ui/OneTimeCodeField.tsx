import { TextField } from './TextField';

interface OneTimeCodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  label?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The 6-digit code from an authenticator app. Only digits are kept. */
export function OneTimeCodeField({ value, onChange, label = 'Authentication code', disabled, autoFocus }: OneTimeCodeFieldProps) {
  return (
    <TextField
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      minLength={6}
      maxLength={6}
      required
      placeholder="123456"
      title="The 6-digit code from your authenticator app"
      className="[&_input]:font-mono [&_input]:tracking-[0.3em]"
      value={value}
      disabled={disabled}
      autoFocus={autoFocus}
      onChange={(event) => {
        onChange(event.target.value.replace(/\D/g, '').slice(0, 6));
      }}
    />
  );
}
