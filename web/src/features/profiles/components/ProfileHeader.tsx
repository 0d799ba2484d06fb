import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/Avatar';
import type { SocialLinks } from '../api/myProfile';
import { SocialLinksList } from './SocialLinksList';

interface ProfileHeaderProps {
  name: string;
  avatarUrl: string | null;
  bio: string;
  socialLinks: SocialLinks;
  followerCount: number;
  followingCount: number;
  /** Lines under the name, e.g. the email and the plan of the own profile. */
  details?: ReactNode;
  /** Edit Profile and Log Out, or Follow. */
  actions: ReactNode;
}

function FollowCount({ value, label }: { value: number; label: string }) {
  return (
    <span>
      <span className="font-semibold text-white">{value.toLocaleString('en-US')}</span> {label}
    </span>
  );
}

/** A profile as a card: avatar, name, counts, bio and links, with what the viewer can do. */
export function ProfileHeader({
  name,
  avatarUrl,
  bio,
  socialLinks,
  followerCount,
  followingCount,
  details,
  actions,
}: ProfileHeaderProps) {
  return (
    <section className="overflow-hidden rounded-3xl border border-line bg-surface">
      <div aria-hidden="true" className="h-24 bg-[radial-gradient(ellipse_at_top_left,rgb(139_92_246/0.45),transparent_70%),radial-gradient(ellipse_at_bottom_right,rgb(217_70_239/0.3),transparent_60%)] sm:h-32" />
      <div className="px-5 pb-6 sm:px-8 sm:pb-8">
        <div className="-mt-12 flex flex-col gap-5 sm:-mt-14 sm:flex-row sm:items-end sm:justify-between">
          <Avatar name={name} src={avatarUrl} className="size-24 ring-4 ring-surface sm:size-28" />
          <div className="flex flex-wrap gap-2">{actions}</div>
        </div>
        <h1 className="mt-4 text-2xl font-extrabold tracking-tight break-words text-white sm:text-3xl">{name}</h1>
        {details ? <div className="mt-1 space-y-1 text-sm text-zinc-400">{details}</div> : null}
        <p className="mt-3 flex gap-4 text-sm text-zinc-400">
          <FollowCount value={followerCount} label={followerCount === 1 ? 'follower' : 'followers'} />
          <FollowCount value={followingCount} label="following" />
        </p>
        {bio ? <p className="mt-4 max-w-2xl text-pretty whitespace-pre-line text-zinc-300">{bio}</p> : null}
        <div className="mt-4">
          <SocialLinksList links={socialLinks} />
        </div>
      </div>
    </section>
  );
}
