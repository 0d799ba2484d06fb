/**
 * Every TanStack Query key of the app, written once: the features' api files build their queries
 * with these, and invalidate with them; tests seed and read the cache with them.
 *
 * Keys nest: invalidating a key reaches every query whose key starts with it, so `playlists.all()`
 * reaches my lists of playlists and each playlist, `tracks.all()` the search and every track page.
 */
export const queryKeys = {
  home: () => ['home'] as const,
  plans: () => ['plans'] as const,
  tracks: {
    all: () => ['tracks'] as const,
    /** The catalogue newest first, or the tracks matching `q` ('' for none). */
    search: (q: string) => ['tracks', 'list', q] as const,
    detail: (id: string) => ['tracks', 'detail', id] as const,
  },
  artists: {
    all: () => ['artists'] as const,
    detail: (name: string) => ['artists', name] as const,
    topTracks: (name: string) => ['artists', name, 'top'] as const,
    album: (name: string, album: string) => ['artists', name, 'album', album] as const,
  },
  playlists: {
    all: () => ['playlists'] as const,
    /** Every list of my playlists starts with this key, so one invalidation reaches them all. */
    mine: () => ['playlists', 'mine'] as const,
    /** The newest `count` of my playlists (one page). */
    newest: (count: number) => ['playlists', 'mine', 'newest', count] as const,
    /** Other users' public playlists I follow. */
    followed: () => ['playlists', 'followed'] as const,
    detail: (id: string) => ['playlists', 'detail', id] as const,
  },
  profiles: {
    detail: (id: string) => ['profiles', id] as const,
    /** A user's public playlists and tracks: beside the profile, not under it, so that following them leaves these lists alone. */
    playlists: (id: string) => ['profile-lists', id, 'playlists'] as const,
    tracks: (id: string) => ['profile-lists', id, 'tracks'] as const,
  },
  /** What belongs to the signed-in user. */
  me: {
    profile: () => ['me', 'profile'] as const,
    /** My plan and the state of its subscription (renewal date, cancellation, a failed payment). */
    subscription: () => ['me', 'subscription'] as const,
    factors: () => ['me', 'factors'] as const,
    /** How many of my two-factor recovery codes are unused. */
    recoveryCodesLeft: () => ['me', 'recovery-codes'] as const,
    /** My app passwords for Subsonic apps (never the passwords themselves). */
    appPasswords: () => ['me', 'app-passwords'] as const,
    uploads: () => ['me', 'tracks'] as const,
    uploadLimit: () => ['me', 'upload-limit'] as const,
    /** Both the liked ids and the liked tracks. */
    likes: () => ['me', 'likes'] as const,
    likedIds: () => ['me', 'likes', 'ids'] as const,
    likedTracks: () => ['me', 'likes', 'tracks'] as const,
    friendsActivity: () => ['me', 'activity', 'friends'] as const,
    recommendations: () => ['me', 'recommendations'] as const,
    /** My balance and the plays of my tracks: withdrawing changes it. */
    balance: () => ['me', 'balance'] as const,
    /** My plays and earnings per day (the last 30) and per track. */
    earnings: () => ['me', 'earnings'] as const,
    /** My withdrawals, newest first, a page at a time. */
    withdrawals: () => ['me', 'withdrawals'] as const,
  },
  player: {
    /** Every signed stream URL: the plan decides their quality. */
    streamUrls: () => ['player', 'stream-url'] as const,
    streamUrl: (trackId: string) => ['player', 'stream-url', trackId] as const,
    track: (trackId: string) => ['player', 'track', trackId] as const,
  },
};
