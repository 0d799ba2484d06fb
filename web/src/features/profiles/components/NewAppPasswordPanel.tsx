import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/Button';
import { CopyButton } from '@/components/ui/CopyButton';
import type { NewAppPassword } from '../api/appPasswords';

interface NewAppPasswordPanelProps {
  appPassword: NewAppPassword;
  onDone: () => void;
}

/** A new app password, shown this once with a way to copy it. The focus moves to its heading. */
export function NewAppPasswordPanel({ appPassword, onDone }: NewAppPasswordPanelProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-brand-soft/30 bg-brand/10 p-4 sm:p-6">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-bold break-words text-white focus:outline-none">
        App password for {appPassword.name}
      </h3>
      <p className="mt-2 max-w-2xl text-sm text-pretty text-zinc-300">
        Enter it in the app as the password. Copy it now: it won't be shown again.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <code aria-label="New app password" className="rounded-xl bg-night/70 px-4 py-3 font-mono text-base tracking-wider break-all text-white select-all">
          {appPassword.password}
        </code>
        <CopyButton value={appPassword.password} what="app password" />
      </div>
      <Button size="sm" className="mt-5" onClick={onDone}>
        Done
      </Button>
    </section>
  );
}
