import { Spinner } from '@/components/ui/Spinner';
import { useMyProfile } from '@/features/profiles/api/myProfile';
import { UploadPage } from '@/features/upload/UploadPage';

/** /upload, with the artist field starting from the name on the uploader's profile. */
export function UploadRoute() {
  const profile = useMyProfile();
  if (profile.isPending) return <Spinner label="Loading…" />;
  return <UploadPage artistName={profile.data?.name ?? ''} />;
}
