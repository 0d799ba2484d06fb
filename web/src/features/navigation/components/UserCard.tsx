import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { displayNameOf, type Account } from '../account';

interface UserCardProps {
  account: Account;
  onNavigate?: () => void;
}

/** The signed-in user at a glance: avatar, name (or email) and plan; it opens Profile & Settings. */
export function UserCard({ account, onNavigate }: UserCardProps) {
  const name = displayNameOf(account);
  return (
    <Link
      to="/profile"
      onClick={onNavigate}
      className="flex min-w-0 items-center gap-3 rounded-2xl border border-line bg-white/[0.03] p-3 transition hover:bg-white/[0.06]"
    >
      <Avatar name={name} src={account.avatarUrl} className="size-10" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold text-white">{name}</span>
        <span className="block truncate text-xs text-brand-soft">{account.planLabel}</span>
      </span>
    </Link>
  );
}
