import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { PlusIcon } from '@/components/ui/icons';
import { CreatePlaylistDialog } from './components/CreatePlaylistDialog';
import { LibraryTabNav } from './components/LibraryTabNav';
import { isCreatingPlaylist, libraryTabOf, withCreateForm } from './libraryTabs';
import { LikedPanel } from './panels/LikedPanel';
import { PlaylistsPanel } from './panels/PlaylistsPanel';
import { UploadsPanel } from './panels/UploadsPanel';

/**
 * /library: my uploads, liked songs, playlists and downloads, one tab at a time (`?tab=`);
 * `?create=playlist` opens the create form. The downloads tab shows `downloadsPanel`.
 */
export function LibraryPage({ downloadsPanel = null }: { downloadsPanel?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const tab = libraryTabOf(params);
  const openCreateForm = () => {
    setParams(withCreateForm(params, true));
  };

  return (
    <div className="mx-auto max-w-6xl">
      <title>Your Library · Backbeat</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">Your Library</h1>
        <Button onClick={openCreateForm}>
          <PlusIcon className="size-4.5" />
          Create Playlist
        </Button>
      </div>
      <div className="mt-6">
        <LibraryTabNav active={tab} />
      </div>
      <div className="mt-6">
        {tab === 'uploads' ? <UploadsPanel /> : null}
        {tab === 'liked' ? <LikedPanel /> : null}
        {tab === 'playlists' ? <PlaylistsPanel onCreate={openCreateForm} /> : null}
        {tab === 'downloads' ? downloadsPanel : null}
      </div>
      {isCreatingPlaylist(params) ? (
        <CreatePlaylistDialog
          onClose={() => {
            setParams(withCreateForm(params, false), { replace: true });
          }}
          onCreated={(playlist) => {
            toast.success(`Created ${playlist.name}`);
            setParams({ tab: 'playlists' }, { replace: true });
          }}
        />
      ) : null}
    </div>
  );
}
