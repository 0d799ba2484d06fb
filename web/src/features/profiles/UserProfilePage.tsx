import { Navigate, useParams } from 'react-router';
import { errorCatalogue } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner } from '@/components/ui/Spinner';
import { isNotFound, useFollow, useProfile, type PublicProfile } from './api/profiles';
import { FeaturedPlaylistCard } from './components/FeaturedPlaylistCard';
import { ProfileHeader } from './components/ProfileHeader';
import { ProfileMessage } from './components/ProfileMessage';

function FollowButton({ profile }: { profile: PublicProfile }) {
  const follow = useFollow(profile.id);
  return (
    <Button
      variant={profile.is_following ? 'secondary' : 'primary'}
      aria-pressed={profile.is_following}
      disabled={follow.isPending}
      onClick={() => {
        follow.mutate(!profile.is_following);
      }}
    >
      {profile.is_following ? 'Following' : 'Follow'}
    </Button>
  );
}

function UserProfile({ userId }: { userId: string }) {
  const profile = useProfile(userId);

  if (profile.isPending) return <Spinner label="Loading the profile…" />;
  if (profile.isError) {
    if (isNotFound(profile.error)) return <ProfileMessage>{errorCatalogue.profile_not_found.message}</ProfileMessage>;
    return (
      <LoadError
        title="We couldn't load this profile."
        error={profile.error}
        onRetry={() => {
          void profile.refetch();
        }}
      />
    );
  }
  const user = profile.data;
  if (user.is_me) return <Navigate to="/profile" replace />;

  return (
    <>
      <title>{`${user.name} · Backbeat`}</title>
      <ProfileHeader
        name={user.name}
        avatarUrl={user.avatar_url}
        bio={user.bio}
        socialLinks={user.social_links}
        followerCount={user.follower_count}
        followingCount={user.following_count}
        actions={<FollowButton profile={user} />}
      />
      {user.featured_playlist ? (
        <div className="mt-6">
          <FeaturedPlaylistCard playlist={user.featured_playlist} linked={false} />
        </div>
      ) : null}
    </>
  );
}

/** /profile/:userId: another user's public profile, with Follow / Following. */
export function UserProfilePage() {
  const { userId = '' } = useParams();
  return (
    <div className="mx-auto max-w-4xl">
      <UserProfile key={userId} userId={userId} />
    </div>
  );
}
