import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Navigate, useNavigate, useParams } from 'react-router';
import { errorCatalogue } from '@/api/errors';
import { IconButton } from '@/components/ui/IconButton';
import { PencilIcon } from '@/components/ui/icons';
import type { PagedList } from '@/components/ui/LoadMoreButton';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner } from '@/components/ui/Spinner';
import { isNotFound, useDeletePlaylist, usePlaylist, type Playlist } from './api/playlists';
import { libraryTabHref } from './libraryTabs';
import type { NowPlaying } from './nowPlaying';
import { DeletePlaylistDialog } from './playlist/DeletePlaylistDialog';
import { EditPlaylistDialog } from './playlist/EditPlaylistDialog';
import { PlaylistHeader } from './playlist/PlaylistHeader';
import { PlaylistMenu } from './playlist/PlaylistMenu';
import { FollowPlaylistButton } from './playlist/FollowPlaylistButton';
import { PlaylistTracks } from './playlist/PlaylistTracks';
import { PlayPlaylistButton } from './playlist/PlayPlaylistButton';
import { SharePlaylistButton } from './playlist/SharePlaylistButton';
import { VisibilityControl } from './playlist/VisibilityControl';

const PLAYLISTS_TAB = libraryTabHref('playlists');

/** An id that is neither one of my playlists nor a public one: back to my playlists, saying why. */
function PlaylistNotFound() {
  useEffect(() => {
    toast.error(errorCatalogue.playlist_not_found.message, { id: 'playlist-not-found' });
  }, []);
  return <Navigate to={PLAYLISTS_TAB} replace />;
}

interface PlaylistViewProps {
  /** The playlist with the tracks loaded so far. */
  playlist: Playlist;
  /** Its pages of tracks, for 'Load more'. */
  pages: PagedList;
  nowPlaying: NowPlaying;
}

function PlaylistView({ playlist, pages, nowPlaying }: PlaylistViewProps) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const deletePlaylist = useDeletePlaylist(playlist.id);
  const closeDialog = () => {
    setDialog(null);
  };

  return (
    <>
      <title>{`${playlist.name} · Backbeat`}</title>
      <PlaylistHeader
        playlist={playlist}
        actions={
          playlist.is_owner ? (
            <>
              <PlayPlaylistButton playlist={playlist} nowPlaying={nowPlaying} />
              <IconButton
                label="Edit playlist"
                onClick={() => {
                  setDialog('edit');
                }}
              >
                <PencilIcon />
              </IconButton>
              <PlaylistMenu
                playlist={playlist}
                onDelete={() => {
                  setDialog('delete');
                }}
              />
              <SharePlaylistButton playlist={playlist} />
              <VisibilityControl playlist={playlist} />
            </>
          ) : (
            <>
              <PlayPlaylistButton playlist={playlist} nowPlaying={nowPlaying} />
              <FollowPlaylistButton playlist={playlist} />
              <SharePlaylistButton playlist={playlist} />
            </>
          )
        }
      />
      <div className="mt-10">
        <PlaylistTracks playlist={playlist} pages={pages} />
      </div>
      {dialog === 'edit' ? <EditPlaylistDialog playlist={playlist} onClose={closeDialog} /> : null}
      {dialog === 'delete' ? (
        <DeletePlaylistDialog
          name={playlist.name}
          followerCount={playlist.follower_count}
          pending={deletePlaylist.isPending}
          onCancel={closeDialog}
          onConfirm={() => {
            deletePlaylist.mutate(undefined, {
              onSuccess: () => {
                toast.success('Playlist deleted');
                void navigate(PLAYLISTS_TAB, { replace: true });
              },
            });
          }}
        />
      ) : null}
    </>
  );
}

function PlaylistContent({ id, nowPlaying }: { id: string; nowPlaying: NowPlaying }) {
  const playlist = usePlaylist(id);
  if (playlist.isPending) return <Spinner label="Loading the playlist…" />;
  if (playlist.isLoadingError) {
    if (isNotFound(playlist.error)) return <PlaylistNotFound />;
    return (
      <LoadError
        title="Failed to get playlist tracks"
        error={playlist.error}
        onRetry={() => {
          void playlist.refetch();
        }}
      />
    );
  }
  return <PlaylistView playlist={playlist.data} pages={playlist} nowPlaying={nowPlaying} />;
}

/**
 * /playlist/:id: one of my playlists, which I change, or another user's public one, which I play
 * and follow; an unknown id, or another user's private playlist, goes to my playlists.
 */
export function PlaylistPage({ nowPlaying }: { nowPlaying: NowPlaying }) {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto max-w-6xl">
      <PlaylistContent key={id} id={id} nowPlaying={nowPlaying} />
    </div>
  );
}
