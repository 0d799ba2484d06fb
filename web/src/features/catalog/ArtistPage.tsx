import { useState } from 'react';
import { useParams } from 'react-router';
import { errorCatalogue } from '@/api/errors';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner } from '@/components/ui/Spinner';
import { useArtist, type Artist } from './api/artists';
import { isNotFound } from './api/catalogError';
import { AlbumList } from './components/AlbumList';
import { ArtistHeader } from './components/ArtistHeader';
import { ArtistTopTracks } from './components/ArtistTopTracks';
import { CatalogMessage } from './components/CatalogMessage';
import { Tabs, type Tab } from './components/Tabs';

type ArtistTab = 'top-tracks' | 'albums' | 'about';

/** The tabs of the artist page; `loadedAt` is when the artist (with the first page of top tracks) was read. */
function artistTabs(artist: Artist, loadedAt: number): Tab<ArtistTab>[] {
  const noTracks = <p className="text-sm text-zinc-400">{artist.name} has no tracks yet.</p>;
  const tabs: Tab<ArtistTab>[] = [
    {
      id: 'top-tracks',
      label: 'Top Tracks',
      panel: artist.tracks.length > 0 ? <ArtistTopTracks artist={artist} loadedAt={loadedAt} /> : noTracks,
    },
    {
      id: 'albums',
      label: 'Albums',
      panel: artist.albums.length > 0 ? <AlbumList artistName={artist.name} albums={artist.albums} /> : noTracks,
    },
  ];
  if (artist.bio) {
    tabs.push({
      id: 'about',
      label: 'About',
      panel: <p className="max-w-3xl text-pretty whitespace-pre-line text-zinc-300">{artist.bio}</p>,
    });
  }
  return tabs;
}

function ArtistDetails({ name }: { name: string }) {
  const query = useArtist(name);
  const [tab, setTab] = useState<ArtistTab>('top-tracks');

  if (query.isPending) return <Spinner label="Loading the artist…" />;
  if (query.isError) {
    if (isNotFound(query.error)) {
      return (
        <CatalogMessage
          title={errorCatalogue.artist_not_found.message}
          action={
            <ButtonLink to="/explore" variant="secondary">
              Explore tracks
            </ButtonLink>
          }
        >
          Nobody called “{name}” has tracks or a profile here.
        </CatalogMessage>
      );
    }
    return (
      <LoadError
        title="We couldn't load this artist."
        error={query.error}
        onRetry={() => {
          void query.refetch();
        }}
      />
    );
  }

  const artist = query.data;
  return (
    <div className="space-y-6">
      <title>{`${artist.name} · Backbeat`}</title>
      <ArtistHeader artist={artist} />
      <Tabs label={`${artist.name}'s music`} tabs={artistTabs(artist, query.dataUpdatedAt)} selected={tab} onSelect={setTab} />
    </div>
  );
}

/** /artist/:artistName: the artist's top tracks, albums and, when they wrote one, their bio. */
export function ArtistPage() {
  const { artistName = '' } = useParams();
  return (
    <div className="mx-auto max-w-6xl">
      <ArtistDetails key={artistName} name={artistName} />
    </div>
  );
}
