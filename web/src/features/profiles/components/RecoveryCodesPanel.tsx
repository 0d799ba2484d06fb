import { useEffect, useId, useRef } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/Button';
import { recoveryCodesFileText } from '../recoveryCodes';

const FILE_NAME = 'backbeat-recovery-codes.txt';

function downloadCodes(codes: readonly string[]): void {
  const file = new Blob([recoveryCodesFileText(codes, new Date())], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; it may go once the click has been handled.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}

async function copyCodes(codes: readonly string[]): Promise<void> {
  try {
    await navigator.clipboard.writeText(codes.join('\n'));
    toast.success('Recovery codes copied.');
  } catch {
    toast.error("We couldn't copy the codes. Select them and copy them, or download them.");
  }
}

interface RecoveryCodesPanelProps {
  codes: readonly string[];
  onDone: () => void;
}

/**
 * The recovery codes, shown this once: what they are for, the codes, ways to keep them, and the
 * button that closes the panel. The focus moves to its heading when it appears.
 */
export function RecoveryCodesPanel({ codes, onDone }: RecoveryCodesPanelProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-brand-soft/30 bg-brand/10 p-4 sm:p-6">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-bold text-white focus:outline-none">
        Save your recovery codes
      </h3>
      <p className="mt-2 max-w-2xl text-sm text-pretty text-zinc-300">
        Each code logs you in once if you lose your phone. Keep them somewhere safe: they won't be shown again.
      </p>
      <ol
        aria-label="Recovery codes"
        className="mt-5 grid grid-cols-1 gap-x-4 gap-y-2 rounded-xl bg-night/70 p-4 font-mono text-sm text-white min-[360px]:grid-cols-2 sm:max-w-sm sm:text-base"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wider whitespace-nowrap select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void copyCodes(codes);
          }}
        >
          Copy codes
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            downloadCodes(codes);
          }}
        >
          Download
        </Button>
        <Button size="sm" onClick={onDone}>
          I've saved my codes
        </Button>
      </div>
    </section>
  );
}
