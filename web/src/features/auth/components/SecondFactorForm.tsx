import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { FormError } from '@/components/ui/FormError';
import { SecondFactorCodeField, type SecondFactorCodeKind } from '@/components/ui/SecondFactorCodeField';
import { signOut, verifySecondFactor } from '@/lib/auth';
import { failureMessage } from '../messages';
import { AuthCard } from './AuthCard';

const instructions: Record<SecondFactorCodeKind, string> = {
  app: 'Enter the 6-digit code from your authenticator app.',
  recovery: 'Enter one of the recovery codes you saved when you turned on two-factor authentication.',
};

interface SecondFactorFormProps {
  /** A sentence before the instruction: why the code is asked for here. */
  lead?: string;
}

/**
 * The code step after the password (or a reset link) for an account with two-factor
 * authentication: the authenticator app's code, or a recovery code when the phone is lost.
 * Success raises the session to aal2; the session state takes it from there.
 */
export function SecondFactorForm({ lead }: SecondFactorFormProps) {
  const [kind, setKind] = useState<SecondFactorCodeKind>('app');
  const [code, setCode] = useState('');
  const verify = useMutation({
    mutationFn: async (enteredCode: string) => {
      const error = await verifySecondFactor(enteredCode);
      if (error) throw error;
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    verify.mutate(code.trim());
  };

  return (
    <AuthCard title="Two-factor authentication" description={lead ? `${lead} ${instructions[kind]}` : instructions[kind]}>
      <div className="space-y-5">
        <FormError message={verify.isError ? failureMessage(verify.error, 'Failed to login') : null} />
        <form className="space-y-5" onSubmit={submit}>
          <SecondFactorCodeField
            kind={kind}
            onKindChange={(next) => {
              verify.reset();
              setKind(next);
            }}
            value={code}
            onChange={setCode}
            disabled={verify.isPending}
          />
          <Button type="submit" className="w-full" disabled={verify.isPending}>
            {verify.isPending ? 'Checking…' : 'Verify'}
          </Button>
        </form>
        <p className="text-center">
          <button
            type="button"
            className="text-sm text-zinc-400 underline-offset-4 hover:text-white hover:underline"
            onClick={() => {
              void signOut('local');
            }}
          >
            Use a different account
          </button>
        </p>
      </div>
    </AuthCard>
  );
}
