import { Button } from '@/components/ui/Button';
import { PauseIcon, PlayIcon } from '@/components/ui/icons';
import { useTrackActions } from '@/lib/trackActions';
import type { Playlist } from '../api/playlists';
import type { NowPlaying } from '../nowPlaying';

/**
 * Plays the playlist from the top, queueing the tracks loaded so far ('Load more' adds to them);
 * while one of its tracks is loaded in the player, pauses and resumes it.
 */
export function PlayPlaylistButton({ playlist, nowPlaying }: { playlist: Playlist; nowPlaying: NowPlaying }) {
  const actions = useTrackActions();
  const playable = playlist.tracks.filter((track) => track.status === 'ready');
  const current = playable.find((track) => track.id === nowPlaying.trackId);
  const playing = current !== undefined && nowPlaying.isPlaying;
  return (
    <Button
      size="lg"
      disabled={playable.length === 0}
      onClick={() => {
        const start = current ?? playable[0];
        if (start) actions.play(start, playable);
      }}
    >
      {playing ? <PauseIcon /> : <PlayIcon />}
      {playing ? 'Pause' : 'Play'}
    </Button>
  );
}
