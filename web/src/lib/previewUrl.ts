import { useEffect } from 'react';

/**
 * Frees a local preview URL (`URL.createObjectURL`) once it is no longer shown: when it is
 * replaced by another or the component goes. Until then it holds the file in memory.
 */
export function useRevokedWhenGone(previewUrl: string | undefined): void {
  useEffect(() => {
    if (!previewUrl) return;
    return () => {
      URL.revokeObjectURL(previewUrl);
    };
  }, [previewUrl]);
}
