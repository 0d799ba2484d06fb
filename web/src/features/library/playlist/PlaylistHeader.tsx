import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CoverArt } from '@/components/ui/CoverArt';
import { GlobeIcon, StarIcon } from '@/components/ui/icons';
import { useDownloadControls } from '@/lib/downloads/controls';
import { playableOf } from '@/lib/playable';
import { trackCountLabel } from '@/lib/trackCount';
import { fetchAllPlaylistTracks, type Playlist } from '../api/playlists';
import { followerCountLabel, totalLengthLabel } from '../format';
import { AddPlaylistToQueueButton } from './AddPlaylistToQueueButton';

/** 'Created by You' on my own playlist; on another user's, their name, leading to their profile. */
function Owner({ playlist }: { playlist: Playlist }) {
  if (playlist.is_owner) return <span className="font-semibold text-white">Created by You</span>;
  return (
    <>
      by{' '}
      <Link to={`/profile/${encodeURIComponent(playlist.owner_id)}`} className="font-semibold text-white hover:underline">
        {playlist.owner_name}
      </Link>
    </>
  );
}

/**
 * Cover (the first track's, else a gradient), name, description, whose it is ('Created by You' or
 * the owner), the track count, the followers of a public one and, once every track is loaded, how
 * long it plays.
 */
export function PlaylistHeader({ playlist, actions }: { playlist: Playlist; actions: ReactNode }) {
  const cover = playlist.tracks[0]?.cover_large_url ?? playlist.cover_url;
  const allLoaded = playlist.next_cursor === null;
  const length = allLoaded ? playlist.tracks.reduce((total, track) => total + track.duration, 0) : 0;
  const { DownloadButton } = useDownloadControls();
  const loadTrackIds = useCallback(
    async () => playableOf(await fetchAllPlaylistTracks(playlist.id)).map((track) => track.id),
    [playlist.id],
  );
  return (
    <header className="flex flex-col gap-6 sm:flex-row sm:items-end">
      <CoverArt src={cover} seed={playlist.id} className="size-44 self-center rounded-2xl shadow-2xl shadow-black/50 sm:size-56 sm:self-auto" />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-xs font-semibold tracking-widest text-brand-soft uppercase">
          {playlist.visibility === 'public' ? (
            <>
              <GlobeIcon className="size-3.5" />
              Public playlist
            </>
          ) : (
            'Playlist'
          )}
          {playlist.is_featured && playlist.is_owner ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand/15 px-2 py-0.5 tracking-normal normal-case">
              <StarIcon filled className="size-3.5" />
              Featured on your profile
            </span>
          ) : null}
        </p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words text-white sm:text-5xl">{playlist.name}</h1>
        {playlist.description ? <p className="mt-3 max-w-2xl text-pretty whitespace-pre-line text-zinc-300">{playlist.description}</p> : null}
        <p className="mt-3 text-sm text-zinc-400">
          <Owner playlist={playlist} />
          <span aria-hidden="true"> · </span>
          {trackCountLabel(playlist.track_count)}
          {playlist.visibility === 'public' ? (
            <>
              <span aria-hidden="true"> · </span>
              {followerCountLabel(playlist.follower_count)}
            </>
          ) : null}
          {length > 0 ? (
            <>
              <span aria-hidden="true"> · </span>
              {totalLengthLabel(length)}
            </>
          ) : null}
        </p>
        <div className="mt-5 flex flex-wrap items-center gap-3">
          {actions}
          <AddPlaylistToQueueButton playlist={playlist} />
          <DownloadButton
            trackIds={playableOf(playlist.tracks).map((track) => track.id)}
            loadTrackIds={allLoaded ? undefined : loadTrackIds}
          />
        </div>
      </div>
    </header>
  );
}
