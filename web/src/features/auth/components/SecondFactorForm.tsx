import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { FormError } from '@/components/ui/FormError';
import { OneTimeCodeField } from '@/components/ui/OneTimeCodeField';
import { signOut, verifySecondFactor } from '@/lib/auth';
import { failureMessage } from '../messages';

/**
 * The code step after the password (or a reset link) for an account with two-factor
 * authentication. Success raises the session to aal2; the session state takes it from there.
 */
export function SecondFactorForm() {
  const [code, setCode] = useState('');
  const verify = useMutation({
    mutationFn: async (enteredCode: string) => {
      const error = await verifySecondFactor(enteredCode);
      if (error) throw error;
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    verify.mutate(code);
  };

  return (
    <div className="space-y-5">
      <FormError message={verify.isError ? failureMessage(verify.error, 'Failed to login') : null} />
      <form className="space-y-5" onSubmit={submit}>
        <OneTimeCodeField value={code} onChange={setCode} disabled={verify.isPending} />
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
  );
}
