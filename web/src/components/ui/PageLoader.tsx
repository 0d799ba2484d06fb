import { Spinner } from './Spinner';

/** Fills the screen while something the whole page depends on is loading. */
export function PageLoader({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-night">
      <Spinner label={label} />
    </div>
  );
}
