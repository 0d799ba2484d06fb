import { useDownloadsSync } from '@/lib/downloads/sync';

/** Keeps the signed-in user's downloads and offline plays in step with the server; renders nothing. */
export function DownloadsSync({ userId }: { userId: string }) {
  useDownloadsSync(userId);
  return null;
}
