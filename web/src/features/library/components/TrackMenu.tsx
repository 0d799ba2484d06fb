import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon, PlusIcon } from '@/components/ui/icons';
import { Menu, MenuItem, menuItemClasses } from '@/components/ui/Menu';
import { loadedItems } from '@/lib/pages';
import type { PlayableTrack } from '@/lib/trackActions';
import { useAddToPlaylist, usePlaylists } from '../api/playlists';
import { CreatePlaylistDialog } from './CreatePlaylistDialog';

interface ItemsProps {
  track: PlayableTrack;
  close: () => void;
  onNewPlaylist: () => void;
}

/**
 * The 'Add to Playlist' sub-menu: a new playlist, or one of mine. It reads my playlists a page at a
 * time (the library's cache entry) and offers the next page as a last item, so every playlist can
 * be reached without loading them all for a menu.
 */
function AddToPlaylistItems({ track, close, onNewPlaylist, onBack }: ItemsProps & { onBack: () => void }) {
  const playlists = usePlaylists();
  const add = useAddToPlaylist();
  return (
    <>
      <MenuItem autoFocus aria-label="Back to track options" icon={<ChevronRightIcon className="size-4 rotate-180" />} onClick={onBack}>
        Add to Playlist
      </MenuItem>
      <div role="separator" className="my-1 h-px bg-line" />
      <MenuItem icon={<PlusIcon className="size-4" />} onClick={onNewPlaylist}>
        New playlist
      </MenuItem>
      {playlists.isPending ? <p className="px-3 py-2 text-sm text-zinc-500">Loading playlists…</p> : null}
      <div className="max-h-56 overflow-y-auto">
        {loadedItems(playlists.data, (page) => page.playlists).map((playlist) => (
          <MenuItem
            key={playlist.id}
            onClick={() => {
              add.mutate({ playlist, trackId: track.id });
              close();
            }}
          >
            {playlist.name}
          </MenuItem>
        ))}
        {playlists.hasNextPage ? (
          <MenuItem
            disabled={playlists.isFetchingNextPage}
            aria-busy={playlists.isFetchingNextPage}
            onClick={() => {
              void playlists.fetchNextPage();
            }}
          >
            More playlists…
          </MenuItem>
        ) : null}
      </div>
    </>
  );
}

function TrackMenuItems(props: ItemsProps) {
  const [choosingPlaylist, setChoosingPlaylist] = useState(false);
  if (choosingPlaylist) {
    return (
      <AddToPlaylistItems
        {...props}
        onBack={() => {
          setChoosingPlaylist(false);
        }}
      />
    );
  }
  const { track, close } = props;
  return (
    <>
      <MenuItem
        autoFocus
        aria-haspopup="menu"
        icon={<PlusIcon className="size-4" />}
        onClick={() => {
          setChoosingPlaylist(true);
        }}
      >
        <span className="flex items-center justify-between">
          Add to Playlist
          <ChevronRightIcon className="size-4 text-zinc-500" />
        </span>
      </MenuItem>
      <Link role="menuitem" tabIndex={-1} to={`/track/${encodeURIComponent(track.id)}`} className={menuItemClasses} onClick={close}>
        Go to track
      </Link>
      <Link
        role="menuitem"
        tabIndex={-1}
        to={`/artist/${encodeURIComponent(track.artist)}`}
        className={menuItemClasses}
        onClick={close}
      >
        Go to artist
      </Link>
    </>
  );
}

/** A track's "More" menu: add to a playlist (a new one or one of mine), go to the track or the artist. */
export function TrackMenu({ track }: { track: PlayableTrack }) {
  const [creating, setCreating] = useState(false);
  const add = useAddToPlaylist();
  return (
    <>
      <Menu label={`More options for ${track.title}`}>
        {(close) => (
          <TrackMenuItems
            track={track}
            close={close}
            onNewPlaylist={() => {
              close();
              setCreating(true);
            }}
          />
        )}
      </Menu>
      {creating ? (
        <CreatePlaylistDialog
          onClose={() => {
            setCreating(false);
          }}
          onCreated={(playlist) => {
            setCreating(false);
            add.mutate({ playlist, trackId: track.id });
          }}
        />
      ) : null}
    </>
  );
}
