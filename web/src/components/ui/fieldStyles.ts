/** The look of every text input and text area. */
export const fieldClasses =
  'w-full min-w-0 rounded-xl border border-white/15 bg-night/60 px-4 py-2.5 text-sm text-white ' +
  'placeholder:text-zinc-500 focus:border-brand-soft focus:outline-none disabled:opacity-60 ' +
  'read-only:border-white/5 read-only:bg-white/[0.03] read-only:text-zinc-400 read-only:focus:border-white/15';
