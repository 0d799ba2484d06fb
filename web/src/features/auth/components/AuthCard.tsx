import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The card every sign-in page sits in. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    <section className="w-full max-w-md rounded-3xl border border-line bg-surface p-6 shadow-2xl shadow-black/40 sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-white">{title}</h1>
      {description ? <div className="mt-2 text-sm text-pretty text-zinc-400">{description}</div> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}
