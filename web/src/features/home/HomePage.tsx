import type { ReactNode } from 'react';
import { listenerFirstName, welcomeWords } from './welcome';

interface HomePageProps {
  /** The listener's profile name, composed in by the app from the profiles feature. */
  profileName: string | null | undefined;
  /** The account's address: a profile name that is only its local part was not chosen. */
  email: string | null | undefined;
  /** When the profile was made: a new account is welcomed, not welcomed back. */
  createdAt: string | null | undefined;
  /** The dashboard's panels, composed in by the app from the features that own them. */
  children?: ReactNode;
}

/** /home: the dashboard. */
export function HomePage({ profileName, email, createdAt, children }: HomePageProps) {
  return (
    <div className="mx-auto max-w-6xl">
      <title>Home · Backbeat</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-balance text-white sm:text-4xl">
        {welcomeWords(createdAt)}, <span className="text-gradient">{listenerFirstName(profileName, email)}</span>
      </h1>
      {children ? <div className="mt-6 space-y-8 sm:mt-8 sm:space-y-10">{children}</div> : null}
    </div>
  );
}
