import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { FormError } from '@/components/ui/FormError';
import { TextField } from '@/components/ui/TextField';
import { auth } from '@/lib/auth';
import { failureMessage } from '../messages';
import { MIN_PASSWORD_LENGTH, passwordHint } from '../password';

async function changePassword(password: string): Promise<void> {
  const { error } = await auth.updateUser({ password });
  if (error) throw error;
}

/** Sets the new password of a user who came in through a reset link. */
export function NewPasswordForm() {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      toast.success('Your password has been changed.');
      await navigate('/home', { replace: true });
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    change.mutate(password);
  };

  return (
    <div className="space-y-5">
      <FormError message={change.isError ? failureMessage(change.error, 'Failed to change the password') : null} />
      <form className="space-y-5" onSubmit={submit}>
        <TextField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={passwordHint}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
          }}
        />
        <Button type="submit" className="w-full" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </div>
  );
}
