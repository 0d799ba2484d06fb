import { CoverArt } from '@/components/ui/CoverArt';
import type { Artist } from '../api/artists';
import { formatTrackCount } from '../trackFormat';
import { TrackList } from './TrackList';

/** The artist's albums, each with its tracks; tracks without an album under 'Singles'. */
export function AlbumList({ albums }: { albums: Artist['albums'] }) {
  return (
    <div className="space-y-8">
      {albums.map((album) => (
        <section key={album.name} aria-label={album.name} className="space-y-3">
          <header className="flex items-center gap-4">
            <CoverArt src={album.tracks[0]?.cover_url} seed={album.name} className="size-16 rounded-xl sm:size-20" />
            <div className="min-w-0">
              <h3 className="truncate text-lg font-bold text-white">{album.name}</h3>
              <p className="text-sm text-zinc-400">{formatTrackCount(album.tracks.length)}</p>
            </div>
          </header>
          <TrackList tracks={album.tracks} label={album.name} />
        </section>
      ))}
    </div>
  );
}
