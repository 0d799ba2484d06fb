import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { FormError } from '@/components/ui/FormError';
import { TextField } from '@/components/ui/TextField';
import { serverMessageOr } from '@/lib/api';
import { appPasswordsQueryOptions, createAppPassword, type NewAppPassword } from '../api/appPasswords';
import { APP_PASSWORD_NAME_MAX, appPasswordNameProblem } from '../appPasswords';

interface CreateAppPasswordFormProps {
  /** Shows the new password, once. */
  onCreated: (appPassword: NewAppPassword) => void;
}

/** Names a new app password and makes it. */
export function CreateAppPasswordForm({ onCreated }: CreateAppPasswordFormProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createAppPassword,
    onSuccess: async (appPassword) => {
      setName('');
      onCreated(appPassword);
      await queryClient.invalidateQueries({ queryKey: appPasswordsQueryOptions.queryKey });
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = appPasswordNameProblem(name);
    setNameProblem(problem);
    if (problem === null) create.mutate(name.trim());
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="App password name"
          hint="The app and the device it is for, e.g. Symfonium on my phone."
          className="w-full sm:max-w-sm"
          autoComplete="off"
          maxLength={APP_PASSWORD_NAME_MAX}
          value={name}
          error={nameProblem}
          disabled={create.isPending}
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
        <Button type="submit" className="sm:mt-7" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create app password'}
        </Button>
      </div>
      {create.isError ? (
        <FormError message={serverMessageOr(create.error, "We couldn't create the app password. Please try again.")} />
      ) : null}
    </form>
  );
}
