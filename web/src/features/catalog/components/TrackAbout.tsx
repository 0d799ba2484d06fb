import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import type { TrackDetail } from '../api/tracks';
import { albumLabel, formatUploadDate } from '@/lib/trackFormat';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-t border-line py-3 text-sm">
      <dt className="text-zinc-400">{label}</dt>
      <dd className="min-w-0 text-right break-words text-zinc-100">{children}</dd>
    </div>
  );
}

/** Who uploaded the track and when, its genre, album and loudness. */
export function TrackAbout({ track }: { track: TrackDetail }) {
  return (
    <section aria-labelledby="about-heading" className="rounded-3xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="about-heading" className="text-lg font-bold text-white">
        About
      </h2>
      <Link
        to={`/profile/${encodeURIComponent(track.uploader.id)}`}
        className="mt-4 flex items-center gap-3 rounded-2xl p-2 -mx-2 transition hover:bg-white/5"
      >
        <Avatar name={track.uploader.name} src={track.uploader.avatar_url} className="size-11" />
        <span className="min-w-0">
          <span className="block text-xs text-zinc-500">Uploaded by</span>{' '}
          <span className="block truncate font-semibold text-white">{track.uploader.name}</span>
        </span>
      </Link>
      <dl className="mt-4">
        <Fact label="Uploaded">{formatUploadDate(track.created_at)}</Fact>
        <Fact label="Genre">{track.genre ?? 'Not set'}</Fact>
        <Fact label="Album">{albumLabel(track.album)}</Fact>
        {track.loudness_lufs !== null ? <Fact label="Loudness">{`${track.loudness_lufs.toFixed(1)} LUFS`}</Fact> : null}
      </dl>
    </section>
  );
}
