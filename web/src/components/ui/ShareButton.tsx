import toast from 'react-hot-toast';
import { Button } from './Button';
import { CheckIcon, ShareIcon } from './icons';
import { useCopyToClipboard } from './useCopyToClipboard';

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
  const { copied, copy } = useCopyToClipboard(() => {
    toast.error('Could not copy the link. Copy it from the address bar instead.');
  });
  const share = () => copy(url ?? window.location.href);

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
