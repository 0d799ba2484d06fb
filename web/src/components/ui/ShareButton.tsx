import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from './Button';
import { CheckIcon, ShareIcon } from './icons';

/** How long 'Copied to clipboard!' stays: 2 s. */
const COPIED_NOTICE_MS = 2_000;

interface ShareButtonProps {
  /** The link to copy; the page's own address by default. */
  url?: string;
  /**
   * Asked instead of copying at once, with the copy to run (e.g. after a question the sharer
   * answers first, such as making a private playlist public).
   */
  onShare?: (share: () => Promise<void>) => void;
}

/** Copies `url` (by default the page's own address) and says 'Copied to clipboard!' for 2 s. */
export function ShareButton({ url, onShare }: ShareButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => {
      setCopied(false);
    }, COPIED_NOTICE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [copied]);

  const share = async () => {
    try {
      await navigator.clipboard.writeText(url ?? window.location.href);
      setCopied(true);
    } catch {
      toast.error('Could not copy the link. Copy it from the address bar instead.');
    }
  };

  return (
    <span className="inline-flex items-center gap-3">
      <Button
        variant="secondary"
        onClick={() => {
          if (onShare) onShare(share);
          else void share();
        }}
      >
        <ShareIcon className="size-4.5" />
        Share
      </Button>
      <span role="status" className="inline-flex items-center gap-1 text-sm font-medium text-emerald-300">
        {copied ? (
          <>
            <CheckIcon className="size-4" />
            Copied to clipboard!
          </>
        ) : null}
      </span>
    </span>
  );
}
