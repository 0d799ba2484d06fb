import { useEffect, useState } from 'react';

/** How long a copy is shown as done: 2 s. */
const COPIED_NOTICE_MS = 2_000;

/**
 * Copies text to the clipboard: `copied` is true for 2 s after a copy; `onError` runs when the
 * browser refuses (no permission, no secure context).
 */
export function useCopyToClipboard(onError: () => void) {
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

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      onError();
    }
  };

  return { copied, copy };
}
