import { useState } from 'react';
import type { NewAppPassword } from '../api/appPasswords';
import { AppPasswordList } from './AppPasswordList';
import { ConnectionDetails } from './ConnectionDetails';
import { CreateAppPasswordForm } from './CreateAppPasswordForm';
import { NewAppPasswordPanel } from './NewAppPasswordPanel';

interface AppPasswordsSectionProps {
  /** The signed-in account's email: the username the apps sign in with. */
  email: string;
}

/**
 * "Mobile and desktop apps": how a Subsonic app connects (the server's address, the email and an
 * app password), making an app password and showing it once, and the list to revoke them from.
 */
export function AppPasswordsSection({ email }: AppPasswordsSectionProps) {
  const [created, setCreated] = useState<NewAppPassword | null>(null);

  return (
    <section aria-labelledby="apps-heading" className="space-y-5 rounded-3xl border border-line bg-surface p-5 sm:p-8">
      <div>
        <h2 id="apps-heading" className="text-xl font-bold text-white">
          Mobile and desktop apps
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-pretty text-zinc-400">
          Apps such as Symfonium, Tempus, Amperfy, Substreamer, Feishin and Supersonic connect to Backbeat with your email and
          an app password, never your account password.
        </p>
      </div>
      <ConnectionDetails serverAddress={window.location.origin} username={email} />
      {created ? (
        <NewAppPasswordPanel
          appPassword={created}
          onDone={() => {
            setCreated(null);
          }}
        />
      ) : (
        <CreateAppPasswordForm onCreated={setCreated} />
      )}
      <div>
        <h3 className="mb-3 font-semibold text-white">Your app passwords</h3>
        <AppPasswordList />
      </div>
    </section>
  );
}
