import { useCallback, useId, useState } from 'react';
import { TrackList } from '@/components/tracks/TrackRow';
import { Button } from '@/components/ui/Button';
import { CoverArt } from '@/components/ui/CoverArt';
import { LoadError } from '@/components/ui/LoadError';
import { LoadMoreButton } from '@/components/ui/LoadMoreButton';
import { Spinner } from '@/components/ui/Spinner';
import { useDownloadControls } from '@/lib/downloads/controls';
import { loadedItems } from '@/lib/pages';
import { trackCountLabel } from '@/lib/trackCount';
import { fetchAlbumTrackIds, useAlbumTracks, type ArtistAlbum } from '../api/artists';

/** An opened album's tracks in upload order, a page at a time. */
function AlbumTracks({ artistName, album }: { artistName: string; album: string }) {
  const tracks = useAlbumTracks(artistName, album);
  if (tracks.isPending) return <Spinner label={`Loading ${album}…`} />;
  if (tracks.isLoadingError) {
    return (
      <LoadError
        title="We couldn't load this album."
        error={tracks.error}
        onRetry={() => {
          void tracks.refetch();
        }}
      />
    );
  }
  return (
    <>
      <TrackList tracks={loadedItems(tracks.data, (page) => page.tracks)} label={album} />
      <LoadMoreButton list={tracks} label="Load more tracks" />
    </>
  );
}

/** An album's cover, name and track count; its tracks load when it is opened. */
function AlbumSection({ artistName, album }: { artistName: string; album: ArtistAlbum }) {
  const [open, setOpen] = useState(false);
  const tracksId = useId();
  const { DownloadButton } = useDownloadControls();
  const loadTrackIds = useCallback(() => fetchAlbumTrackIds(artistName, album.name), [artistName, album.name]);
  return (
    <section aria-label={album.name} className="space-y-3">
      <header className="flex items-center gap-4">
        <CoverArt src={album.cover_url} seed={album.name} className="size-16 rounded-xl sm:size-20" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-lg font-bold text-white">{album.name}</h3>
          <p className="text-sm text-zinc-400">{trackCountLabel(album.track_count)}</p>
          <DownloadButton trackIds={[]} loadTrackIds={loadTrackIds} subject={album.name} className="mt-2" />
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`${open ? 'Hide tracks' : 'Show tracks'} of ${album.name}`}
          aria-expanded={open}
          aria-controls={tracksId}
          onClick={() => {
            setOpen(!open);
          }}
        >
          {open ? 'Hide tracks' : 'Show tracks'}
        </Button>
      </header>
      <div id={tracksId}>{open ? <AlbumTracks artistName={artistName} album={album.name} /> : null}</div>
    </section>
  );
}

/** The artist's albums, tracks without one under 'Singles', each opening to its tracks. */
export function AlbumList({ artistName, albums }: { artistName: string; albums: readonly ArtistAlbum[] }) {
  return (
    <div className="space-y-8">
      {albums.map((album) => (
        <AlbumSection key={album.name} artistName={artistName} album={album} />
      ))}
    </div>
  );
}
