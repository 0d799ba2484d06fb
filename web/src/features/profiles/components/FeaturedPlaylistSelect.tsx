import { useId } from 'react';
import { fieldClasses } from '@/components/ui/fieldStyles';
import { useMyPlaylists, type FeaturedPlaylist } from '../api/myPlaylists';

interface FeaturedPlaylistSelectProps {
  /** The playlist's id; '' for none. */
  value: string;
  /** The one featured now, listed even before my playlists have loaded. */
  current: FeaturedPlaylist | null;
  disabled: boolean;
  onChange: (playlistId: string) => void;
}

/** Chooses which of my playlists my profile features, or none. */
export function FeaturedPlaylistSelect({ value, current, disabled, onChange }: FeaturedPlaylistSelectProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const playlists = useMyPlaylists();
  const newest = playlists.data ?? [];
  // The featured one may be older than the newest playlists offered: it stays a choice.
  const options = current && !newest.some((playlist) => playlist.id === current.id) ? [current, ...newest] : newest;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-200">
        Featured playlist
      </label>
      <select
        id={id}
        name="featured_playlist"
        aria-describedby={hintId}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className={`mt-1.5 h-11 ${fieldClasses}`}
      >
        <option value="">None</option>
        {options.map((playlist) => (
          <option key={playlist.id} value={playlist.id}>
            {playlist.name}
          </option>
        ))}
      </select>
      <p id={hintId} className="mt-1.5 text-xs text-zinc-500">
        {playlists.isError ? 'Your playlists could not be loaded.' : 'Shown on your profile to everyone who visits it.'}
      </p>
    </div>
  );
}
