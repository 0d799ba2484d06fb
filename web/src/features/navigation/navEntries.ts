export type NavIconName =
  | 'home'
  | 'explore'
  | 'updates'
  | 'library'
  | 'upload'
  | 'liked'
  | 'payouts'
  | 'subscription'
  | 'profile';

export interface NavEntry {
  label: string;
  to: string;
  icon: NavIconName;
  /** Shown to signed-out visitors too. */
  public?: boolean;
}

/** The sidebar and the drawer, in order. */
export const navEntries: readonly NavEntry[] = [
  { label: 'Home', to: '/home', icon: 'home' },
  { label: 'Explore', to: '/explore', icon: 'explore' },
  { label: 'Updates', to: '/changelog', icon: 'updates', public: true },
  { label: 'My Library', to: '/library', icon: 'library' },
  { label: 'Upload Music', to: '/upload', icon: 'upload' },
  { label: 'Liked Songs', to: '/library?tab=liked', icon: 'liked' },
  { label: 'My Payouts', to: '/payouts', icon: 'payouts' },
  { label: 'Subscription', to: '/subscription', icon: 'subscription' },
  { label: 'Profile & Settings', to: '/profile', icon: 'profile' },
];

/** The phone's bottom bar. */
export const bottomBarEntries: readonly NavEntry[] = [
  { label: 'Home', to: '/home', icon: 'home' },
  { label: 'Explore', to: '/explore', icon: 'explore' },
  { label: 'Library', to: '/library', icon: 'library' },
  { label: 'Upload', to: '/upload', icon: 'upload' },
];

/** Signed-out visitors see only the public entries (Updates). */
export function navEntriesFor(signedIn: boolean): readonly NavEntry[] {
  return signedIn ? navEntries : navEntries.filter((entry) => entry.public);
}

const BASE = 'https://backbeat.invalid';

/**
 * The entry for the current page: same path, and every query value the entry names present.
 * The entry naming the most of them wins, so /library?tab=liked is "Liked Songs", not "My Library".
 */
export function activeEntryOf(
  entries: readonly NavEntry[],
  location: { pathname: string; search: string },
): NavEntry | undefined {
  const current = new URLSearchParams(location.search);
  let best: { entry: NavEntry; matched: number } | undefined;
  for (const entry of entries) {
    const target = new URL(entry.to, BASE);
    if (target.pathname !== location.pathname) continue;
    const wanted = [...target.searchParams];
    if (!wanted.every(([key, value]) => current.get(key) === value)) continue;
    if (!best || wanted.length > best.matched) best = { entry, matched: wanted.length };
  }
  return best?.entry;
}
