import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { LoadError } from '@/components/ui/LoadError';
import { useAppPasswords, type AppPassword } from '../api/appPasswords';
import { createdLabel, lastUsedLabel } from '../appPasswords';
import { RevokeAppPasswordDialog } from './RevokeAppPasswordDialog';

/** My app passwords (name, created, last used), each with a way to revoke it. */
export function AppPasswordList() {
  const appPasswords = useAppPasswords();
  const [revoking, setRevoking] = useState<AppPassword | null>(null);

  if (appPasswords.isPending) return <p className="text-sm text-zinc-500">Loading your app passwords…</p>;
  if (appPasswords.isError) {
    return (
      <LoadError
        title="We couldn't load your app passwords."
        error={appPasswords.error}
        onRetry={() => {
          void appPasswords.refetch();
        }}
      />
    );
  }
  if (appPasswords.data.length === 0) {
    return <p className="text-sm text-zinc-400">No app passwords yet. Create one for each app you connect.</p>;
  }

  return (
    <>
      <ul aria-label="App passwords" className="divide-y divide-line rounded-2xl border border-line bg-night/40">
        {appPasswords.data.map((appPassword) => (
          <li key={appPassword.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5">
            <div className="min-w-0">
              <p className="font-semibold break-words text-white">{appPassword.name}</p>
              <p className="mt-0.5 text-sm text-zinc-400">
                <time dateTime={appPassword.created_at}>{createdLabel(appPassword.created_at)}</time>
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, </span>
                {appPassword.last_used_at === null ? (
                  lastUsedLabel(null)
                ) : (
                  <time dateTime={appPassword.last_used_at}>{lastUsedLabel(appPassword.last_used_at)}</time>
                )}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Revoke ${appPassword.name}`}
              onClick={() => {
                setRevoking(appPassword);
              }}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      {revoking ? (
        <RevokeAppPasswordDialog
          appPassword={revoking}
          onClose={() => {
            setRevoking(null);
          }}
        />
      ) : null}
    </>
  );
}
