import { useParams } from 'react-router';
import { errorCatalogue } from '@/api/errors';
import { ArtistLink } from '@/components/tracks/ArtistLink';
import { TrackList } from '@/components/tracks/TrackRow';
import { TrackStatusBadge } from '@/components/tracks/TrackStatusBadge';
import { Button } from '@/components/ui/Button';
import { CoverArt } from '@/components/ui/CoverArt';
import { PauseIcon, PlayIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/LoadError';
import { ShareButton } from '@/components/ui/ShareButton';
import { Spinner } from '@/components/ui/Spinner';
import { formatDuration } from '@/lib/duration';
import { useDownloadControls } from '@/lib/downloads/controls';
import { useTrackActions } from '@/lib/trackActions';
import { albumLabel, formatPlays, formatUploadDate } from '@/lib/trackFormat';
import { isNotFound } from './api/catalogError';
import { useTrack, type TrackDetail } from './api/tracks';
import { CatalogMessage } from './components/CatalogMessage';
import { GoBackButton } from './components/GoBackButton';
import { TrackAbout } from './components/TrackAbout';
import { Waveform } from './components/Waveform';

function PlayPauseButton({ track }: { track: TrackDetail }) {
  const actions = useTrackActions();
  const { isCurrent, isPlaying } = actions.usePlaybackState(track.id);
  const pausable = isCurrent && isPlaying;
  return (
    <Button
      size="lg"
      onClick={() => {
        actions.play(track, [track, ...track.up_next]);
      }}
    >
      {pausable ? <PauseIcon /> : <PlayIcon />}
      {pausable ? 'Pause' : 'Play'}
    </Button>
  );
}

function TrackHero({ track }: { track: TrackDetail }) {
  const { LikeButton, TrackMenu } = useTrackActions();
  const { DownloadButton } = useDownloadControls();
  const ready = track.status === 'ready';
  return (
    <section className="flex flex-col gap-6 sm:flex-row sm:items-end sm:gap-8">
      <CoverArt
        src={track.cover_large_url}
        seed={track.id}
        className="mx-auto w-full max-w-72 rounded-3xl shadow-2xl shadow-black/50 sm:mx-0 sm:w-56 lg:w-64"
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold tracking-widest text-brand-soft uppercase">Track</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words text-white sm:text-5xl">{track.title}</h1>
        <p className="mt-3 text-lg">
          <ArtistLink name={track.artist} className="font-semibold text-white hover:underline" />
          <span className="text-zinc-400">
            {' · '}
            {albumLabel(track.album)}
            {track.genre ? ` · ${track.genre}` : ''}
          </span>
        </p>
        <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm text-zinc-400">
          <span>{formatPlays(track.plays)}</span>
          <span aria-hidden="true">·</span>
          <span>{formatDuration(track.duration)}</span>
          <span aria-hidden="true">·</span>
          <span>{formatUploadDate(track.created_at)}</span>
        </p>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          {ready ? (
            <PlayPauseButton track={track} />
          ) : (
            <p className="flex flex-wrap items-center gap-3 text-sm text-zinc-400">
              <TrackStatusBadge track={track} />
              {track.status === 'processing'
                ? 'Your track is being prepared for streaming. This page updates when it is ready.'
                : track.failure_reason}
            </p>
          )}
          {ready ? (
            <>
              <LikeButton trackId={track.id} />
              <TrackMenu track={track} />
              <DownloadButton trackIds={[track.id]} />
            </>
          ) : null}
          <ShareButton />
        </div>
      </div>
    </section>
  );
}

function TrackDetails({ trackId }: { trackId: string }) {
  const query = useTrack(trackId);
  const { isCurrent } = useTrackActions().usePlaybackState(trackId);

  if (query.isPending) return <Spinner label="Loading the track…" />;
  if (query.isError) {
    if (isNotFound(query.error)) {
      return (
        <CatalogMessage title={errorCatalogue.track_not_found.message} action={<GoBackButton />}>
          This track does not exist, or it is not ready to be heard yet.
        </CatalogMessage>
      );
    }
    return (
      <LoadError
        title="We couldn't load this track."
        error={query.error}
        onRetry={() => {
          void query.refetch();
        }}
      />
    );
  }

  const track = query.data;
  return (
    <div className="space-y-8">
      <title>{`${track.title} · ${track.artist} · Backbeat`}</title>
      <TrackHero track={track} />
      {track.waveform ? (
        <section aria-label="Waveform" className="rounded-3xl border border-line bg-surface px-4 py-5 sm:px-6">
          <Waveform peaks={track.waveform} title={track.title} active={isCurrent} />
        </section>
      ) : null}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="up-next-heading" className="min-w-0 rounded-3xl border border-line bg-surface p-3 sm:p-4">
          <h2 id="up-next-heading" className="px-2 pt-1 pb-3 text-lg font-bold text-white">
            Up Next
          </h2>
          {track.up_next.length > 0 ? (
            <TrackList tracks={track.up_next} label="Up Next" />
          ) : (
            <p className="px-2 pb-2 text-sm text-zinc-400">No other tracks by this artist or on this album yet.</p>
          )}
        </section>
        <TrackAbout track={track} />
      </div>
    </div>
  );
}

/** /track/:trackId: cover, stats, waveform, play, like, add to playlist, share, Up Next and about. */
export function TrackPage() {
  const { trackId = '' } = useParams();
  return (
    <div className="mx-auto max-w-6xl">
      <TrackDetails key={trackId} trackId={trackId} />
    </div>
  );
}
