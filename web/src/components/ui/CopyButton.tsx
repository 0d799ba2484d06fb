import toast from 'react-hot-toast';
import { Button } from './Button';
import { CheckIcon } from './icons';
import { useCopyToClipboard } from './useCopyToClipboard';

interface CopyButtonProps {
  /** The text to copy. */
  value: string;
  /** What is copied, for the button's accessible name ('server address' gives 'Copy server address'). */
  what: string;
}

/** Copies `value` to the clipboard and says 'Copied' on the button for 2 s. */
export function CopyButton({ value, what }: CopyButtonProps) {
  const { copied, copy } = useCopyToClipboard(() => {
    toast.error(`We couldn't copy the ${what}. Select it and copy it instead.`);
  });

  return (
    <span className="inline-flex shrink-0 items-center">
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Copy ${what}`}
        onClick={() => {
          void copy(value);
        }}
      >
        {copied ? <CheckIcon className="size-4 text-emerald-300" /> : null}
        {copied ? 'Copied' : 'Copy'}
      </Button>
      <span role="status" className="sr-only">
        {copied ? `Copied the ${what}.` : ''}
      </span>
    </span>
  );
}
