import { Button } from './Button';

interface ErrorFallbackProps {
  message: string;
  onReset: () => void;
}

/** The screen shown when part of the app crashed: the reason and a way to try again. */
export function ErrorFallback({ message, onReset }: ErrorFallbackProps) {
  return (
    <div role="alert" className="flex min-h-dvh items-center justify-center bg-night px-6 py-16">
      <div className="w-full max-w-md rounded-3xl border border-line bg-surface p-8 text-center shadow-2xl shadow-black/40">
        <div
          aria-hidden="true"
          className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-red-500/10 text-2xl text-red-300"
        >
          !
        </div>
        <h1 className="mt-5 text-2xl font-bold text-white">Something went wrong</h1>
        <p className="mt-3 text-sm break-words text-zinc-400">{message}</p>
        <Button className="mt-6" onClick={onReset}>
          Try again
        </Button>
      </div>
    </div>
  );
}
