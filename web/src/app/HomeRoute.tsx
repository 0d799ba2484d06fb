import { Spinner } from '@/components/ui/Spinner';
import { FriendsActivityPanel } from '@/features/activity/components/FriendsActivityPanel';
import { RecommendationsPanel } from '@/features/activity/components/RecommendationsPanel';
import { HomeStatCards } from '@/features/catalog/HomeStatCards';
import { RecentTracks } from '@/features/catalog/RecentTracks';
import { UpgradeBanner } from '@/features/catalog/UpgradeBanner';
import { HomePage } from '@/features/home/HomePage';
import { HomePlaylists } from '@/features/library/HomePlaylists';
import { useMyProfile } from '@/features/profiles/api/myProfile';

/** /home, greeting the listener by the name on their profile. */
export function HomeRoute() {
  const profile = useMyProfile();
  if (profile.isPending) return <Spinner label="Loading…" />;
  return (
    <HomePage profileName={profile.data?.name} email={profile.data?.email} createdAt={profile.data?.created_at}>
      <HomeStatCards />
      <RecentTracks />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RecommendationsPanel />
        <FriendsActivityPanel />
      </div>
      <HomePlaylists />
      <UpgradeBanner />
    </HomePage>
  );
}
