import { TrackList } from '@/components/tracks/TrackRow';
import { LoadMoreButton } from '@/components/ui/LoadMoreButton';
import { loadedItems } from '@/lib/pages';
import { useArtistTopTracks, type Artist } from '../api/artists';

/** The artist's top tracks, most played first, with 'Load more' while more follow. */
export function ArtistTopTracks({ artist, loadedAt }: { artist: Artist; loadedAt: number }) {
  const top = useArtistTopTracks(artist, loadedAt);
  return (
    <>
      <TrackList tracks={loadedItems(top.data, (page) => page.tracks)} label="Top Tracks" />
      <LoadMoreButton list={top} label="Load more tracks" />
    </>
  );
}
