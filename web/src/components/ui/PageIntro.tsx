import type { ReactNode } from 'react';

interface PageIntroProps {
  eyebrow: string;
  title: string;
  children?: ReactNode;
}

/** The heading block at the top of an informational page. */
export function PageIntro({ eyebrow, title, children }: PageIntroProps) {
  return (
    <header className="max-w-3xl">
      <p className="text-sm font-semibold tracking-widest text-brand-soft uppercase">{eyebrow}</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance text-white sm:text-5xl">{title}</h1>
      {children ? <div className="mt-4 text-lg text-pretty text-zinc-400">{children}</div> : null}
    </header>
  );
}
