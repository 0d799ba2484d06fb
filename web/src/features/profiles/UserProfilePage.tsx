import type { InfiniteData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { errorCatalogue } from '@/api/errors';
import { FollowToggle } from '@/components/ui/FollowToggle';
import { LoadError } from '@/components/ui/LoadError';
import { LoadMoreButton, type PagedList } from '@/components/ui/LoadMoreButton';
import { PlaylistGrid } from '@/components/ui/PlaylistCard';
import { Spinner } from '@/components/ui/Spinner';
import { loadedItems } from '@/lib/pages';
import { isNotFound, useFollow, useProfile, useProfilePlaylists, useProfileTracks, type PublicProfile } from './api/profiles';
import { ArtistLinks } from './components/ArtistLinks';
import { FeaturedPlaylistCard } from './components/FeaturedPlaylistCard';
import { ProfileHeader } from './components/ProfileHeader';
import { ProfileMessage } from './components/ProfileMessage';
import { ProfileTracks } from './components/ProfileTracks';

function FollowButton({ profile }: { profile: PublicProfile }) {
  const follow = useFollow(profile.id);
  return <FollowToggle following={profile.is_following} pending={follow.isPending} onToggle={follow.mutate} />;
}

/** What a section needs of a list read a page at a time (a TanStack infinite query). */
interface PagedQuery<Page> extends PagedList {
  data: InfiniteData<Page> | undefined;
  isPending: boolean;
  isLoadingError: boolean;
  refetch: () => Promise<unknown>;
}

interface ProfileSectionProps<Page, Item> {
  /** The id of its heading. */
  id: string;
  title: string;
  /** What the spinner says while the first page loads, and what failed when it cannot load. */
  loading: string;
  failed: string;
  list: PagedQuery<Page>;
  items: (page: Page) => readonly Item[];
  children: (items: Item[]) => ReactNode;
}

/** A titled list of the profile page, a page at a time; nothing while the user has none. */
function ProfileSection<Page, Item>({ id, title, loading, failed, list, items, children }: ProfileSectionProps<Page, Item>) {
  if (list.isPending) return <Spinner label={loading} />;
  if (list.isLoadingError && list.error) {
    return (
      <LoadError
        title={failed}
        error={list.error}
        onRetry={() => {
          void list.refetch();
        }}
      />
    );
  }
  const loaded = loadedItems(list.data, items);
  if (loaded.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-4 text-xl font-bold text-white">
        {title}
      </h2>
      {children(loaded)}
    </section>
  );
}

/** The user's public playlists, newest first. */
function PublicPlaylists({ user }: { user: PublicProfile }) {
  const playlists = useProfilePlaylists(user.id);
  return (
    <ProfileSection
      id="profile-playlists-heading"
      title="Public playlists"
      loading="Loading playlists…"
      failed="Failed to fetch playlists"
      list={playlists}
      items={(page) => page.playlists}
    >
      {(loaded) => (
        <>
          <PlaylistGrid playlists={loaded} label={`${user.name}'s playlists`} />
          <LoadMoreButton list={playlists} label="Load more playlists" />
        </>
      )}
    </ProfileSection>
  );
}

/** The user's tracks, newest first. */
function Tracks({ user }: { user: PublicProfile }) {
  const tracks = useProfileTracks(user.id);
  return (
    <ProfileSection
      id="profile-tracks-heading"
      title="Tracks"
      loading="Loading tracks…"
      failed="Failed to fetch tracks"
      list={tracks}
      items={(page) => page.tracks}
    >
      {(loaded) => <ProfileTracks tracks={loaded} pages={tracks} />}
    </ProfileSection>
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
        details={user.artist_names.length > 0 ? <ArtistLinks names={user.artist_names} /> : undefined}
        actions={<FollowButton profile={user} />}
      />
      {user.featured_playlist ? (
        <div className="mt-6">
          <FeaturedPlaylistCard playlist={user.featured_playlist} />
        </div>
      ) : null}
      <PublicPlaylists user={user} />
      <Tracks user={user} />
    </>
  );
}

/**
 * /profile/:userId: another user's public profile, with Follow / Following, links to the artist
 * pages of the names they upload under, their featured playlist (shown to others only when
 * public), their public playlists and their tracks.
 */
export function UserProfilePage() {
  const { userId = '' } = useParams();
  return (
    <div className="mx-auto max-w-4xl">
      <UserProfile key={userId} userId={userId} />
    </div>
  );
}
