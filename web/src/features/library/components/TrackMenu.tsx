import { useState } from 'react';
import { Link } from 'react-router';
import type { components } from '@/api/schema';
import { ChevronRightIcon, NextIcon, PlusIcon, QueueIcon } from '@/components/ui/icons';
import { Menu, MenuItem, menuItemClasses } from '@/components/ui/Menu';
import { useDownloadControls } from '@/lib/downloads/controls';
import { loadedItems } from '@/lib/pages';
import { useTrackActions, type PlayableTrack } from '@/lib/trackActions';
import { artistPath, trackPath } from '@/lib/trackFormat';
import { useAddToPlaylist, usePlaylists } from '../api/playlists';
import { CreatePlaylistDialog } from './CreatePlaylistDialog';

/** A track as lists hand it over: with its status when they know it (the player's tracks are all ready). */
type MenuTrack = PlayableTrack & { status?: components['schemas']['TrackStatus'] };

interface ItemsProps {
  track: MenuTrack;
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

/** 'Play next' and 'Add to queue', for a track that can be played. */
function QueueItems({ track, close }: Pick<ItemsProps, 'track' | 'close'>) {
  const actions = useTrackActions();
  if (track.status !== undefined && track.status !== 'ready') return null;
  return (
    <>
      <MenuItem
        icon={<NextIcon className="size-4" />}
        onClick={() => {
          actions.playNext([track]);
          close();
        }}
      >
        Play next
      </MenuItem>
      <MenuItem
        icon={<QueueIcon className="size-4" />}
        onClick={() => {
          actions.addToQueue([track]);
          close();
        }}
      >
        Add to queue
      </MenuItem>
    </>
  );
}

function TrackMenuItems(props: ItemsProps) {
  const [choosingPlaylist, setChoosingPlaylist] = useState(false);
  // Back from the playlists, focus returns to the item that opened them.
  const [cameBack, setCameBack] = useState(false);
  const { DownloadMenuItem } = useDownloadControls();
  if (choosingPlaylist) {
    return (
      <AddToPlaylistItems
        {...props}
        onBack={() => {
          setChoosingPlaylist(false);
          setCameBack(true);
        }}
      />
    );
  }
  const { track, close } = props;
  return (
    <>
      <QueueItems track={track} close={close} />
      <DownloadMenuItem track={track} close={close} />
      <MenuItem
        autoFocus={cameBack}
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
      <Link role="menuitem" tabIndex={-1} to={trackPath(track.id)} className={menuItemClasses} onClick={close}>
        Go to track
      </Link>
      <Link role="menuitem" tabIndex={-1} to={artistPath(track.artist)} className={menuItemClasses} onClick={close}>
        Go to artist
      </Link>
    </>
  );
}

/**
 * A track's "More" menu: play it next or add it to the queue (when it can be played), add it to a
 * playlist (a new one or one of mine), go to the track or the artist.
 */
export function TrackMenu({ track }: { track: MenuTrack }) {
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
