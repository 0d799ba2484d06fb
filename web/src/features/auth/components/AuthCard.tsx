import { useEffect, useRef, type ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  /**
   * Moves the focus to the title when the card appears: for a card that replaces the one whose
   * button was just pressed, so keyboard and screen-reader users land on what happened.
   */
  focusTitle?: boolean;
  children: ReactNode;
}

/** The card every sign-in page sits in. */
export function AuthCard({ title, description, focusTitle = false, children }: AuthCardProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);

  return (
    <section className="w-full max-w-md rounded-3xl border border-line bg-surface p-6 shadow-2xl shadow-black/40 sm:p-8">
      <h1
        ref={heading}
        tabIndex={focusTitle ? -1 : undefined}
        className="text-2xl font-bold tracking-tight text-white focus:outline-none"
      >
        {title}
      </h1>
      {description ? <div className="mt-2 text-sm text-pretty text-zinc-400">{description}</div> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}
