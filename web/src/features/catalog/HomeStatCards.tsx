import { Link } from 'react-router';
import { LoadError } from '@/components/ui/LoadError';
import { useHomeSummary } from './api/home';
import { planName } from './planName';

const icons = {
  tracks: 'M9 18V5.5l11-2V16M9 18a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0Zm11-2a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0Z',
  liked: 'M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.1a4.3 4.3 0 0 1 7.5 2.7C19.5 15.4 12 20 12 20Z',
  playlists: 'M4 6h11M4 11h11M4 16h7m8-10v10.5M19 16.5a2 2 0 1 1-4 0 2 2 0 0 1 4 0Z',
  plan: 'M4 8.5 8 12l4-6.5 4 6.5 4-3.5-1.5 10h-13L4 8.5Z',
} as const;

interface StatCardProps {
  label: string;
  value: string;
  icon: keyof typeof icons;
  to: string;
}

function StatCard({ label, value, icon, to }: StatCardProps) {
  return (
    <li>
      <Link
        to={to}
        className="flex h-full flex-col items-start gap-3 rounded-2xl border border-line bg-surface p-4 transition hover:border-white/15 hover:bg-surface-raised sm:flex-row sm:items-center sm:gap-4 sm:p-5"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand/15 text-brand-soft sm:size-12">
          <svg viewBox="0 0 24 24" className="size-5 sm:size-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d={icons[icon]} />
          </svg>
        </span>
        <span className="min-w-0 max-w-full">
          <span className="block truncate text-xs text-zinc-400 sm:text-sm">{label}</span>
          <span className="block truncate text-xl font-bold text-white sm:text-2xl">{value}</span>
        </span>
      </Link>
    </li>
  );
}

/** The dashboard's four numbers: Your Tracks, Liked Songs, Playlists and Current Plan. */
export function HomeStatCards() {
  const home = useHomeSummary();
  if (home.isError) {
    return (
      <LoadError
        title="We couldn't load your dashboard."
        error={home.error}
        onRetry={() => {
          void home.refetch();
        }}
      />
    );
  }
  const stats = home.data?.stats;
  const count = (value: number | undefined) => (value === undefined ? '…' : value.toLocaleString('en-US'));
  return (
    <ul aria-label="Your stats" aria-busy={home.isPending} className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      <StatCard label="Your Tracks" value={count(stats?.your_tracks)} icon="tracks" to="/library" />
      <StatCard label="Liked Songs" value={count(stats?.liked_songs)} icon="liked" to="/library?tab=liked" />
      <StatCard label="Playlists" value={count(stats?.playlists)} icon="playlists" to="/library?tab=playlists" />
      <StatCard label="Current Plan" value={planName(stats?.current_plan)} icon="plan" to="/subscription" />
    </ul>
  );
}
