import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { TrackStatusBadge } from '@/components/tracks/TrackStatusBadge';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { CoverArt } from '@/components/ui/CoverArt';
import type { Track } from '../api/sendTrack';
import { UploadProgress } from './UploadProgress';

/** How long the success screen stays before the library opens. */
const LIBRARY_REDIRECT_MS = 2_000;

interface UploadSuccessProps {
  track: Track;
  onUploadAnother: () => void;
}

/** The new track as the server has it: processing until its streams are ready. */
function UploadedTrack({ track }: { track: Track }) {
  return (
    <div className="mx-auto flex max-w-sm items-center gap-3 rounded-2xl border border-line bg-night/40 p-3 text-left">
      <CoverArt src={track.cover_url} seed={track.id} className="size-12 rounded-lg" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-white">{track.title}</p>
        <p className="truncate text-sm text-zinc-400">{track.artist}</p>
      </div>
      {track.status === 'processing' ? <TrackStatusBadge track={track} /> : null}
    </div>
  );
}

/** The track is in: it is processed in the background, and the library opens after 2 s. */
export function UploadSuccess({ track, onUploadAnother }: UploadSuccessProps) {
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setTimeout(() => {
      void navigate('/library');
    }, LIBRARY_REDIRECT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [navigate]);

  return (
    <section aria-labelledby="upload-success-heading" className="rounded-3xl border border-line bg-surface p-6 text-center sm:p-10">
      <div aria-hidden="true" className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-400/15 text-emerald-300">
        <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="2.2">
          <path strokeLinecap="round" strokeLinejoin="round" d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
      </div>
      <h2 id="upload-success-heading" className="mt-5 text-2xl font-bold text-white">
        Upload complete!
      </h2>
      <p className="mx-auto mt-2 max-w-md text-zinc-400">
        Your track is being prepared for streaming and will be ready in a moment. Taking you to your library…
      </p>
      <div className="mx-auto mt-6 max-w-sm space-y-5 text-left">
        <UploadProgress percent={100} />
        <UploadedTrack track={track} />
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={onUploadAnother}>Upload Another Track</Button>
        <ButtonLink to="/library" variant="secondary">
          Go to My Library
        </ButtonLink>
      </div>
    </section>
  );
}
