import { Button } from './Button';

interface LoadErrorProps {
  title: string;
  error: Error;
  onRetry: () => void;
}

/** Shown when data could not be loaded: what failed, the reason, and a way to try again. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <div role="alert" className="rounded-2xl border border-red-400/25 bg-red-500/5 p-6 text-center">
      <p className="font-semibold text-red-200">{title}</p>
      <p className="mt-1 text-sm break-words text-zinc-400">{error.message}</p>
      <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
