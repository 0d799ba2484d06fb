import type { ErrorCatalogueEntry } from '@/api/errors';
import type { components, paths } from '@/api/schema';
import type { PlayableTrack } from '@/lib/trackActions';

type Track = components['schemas']['Track'];
type TrackDetail = components['schemas']['TrackDetail'];
type Artist = components['schemas']['Artist'];
type PlaylistSummary = components['schemas']['PlaylistSummary'];
type UploadLimit = components['schemas']['UploadLimit'];
type PlanView = paths['/api/v1/plans']['get']['responses'][200]['content']['application/json']['plans'][number];
type Subscription = paths['/api/v1/me/subscription']['get']['responses'][200]['content']['application/json'];

/** A ready track as the API lists it: 'Night Drive' by Nova Lane, unless overridden. */
export function trackOf(overrides: Partial<Track> = {}): Track {
  return {
    id: 'track-1',
    title: 'Night Drive',
    artist: 'Nova Lane',
    album: 'Midnight Static',
    genre: 'Synthwave',
    duration: 215,
    plays: 1200,
    verified: false,
    status: 'ready',
    failure_reason: null,
    cover_url: null,
    cover_large_url: null,
    uploaded_by: 'user-1',
    created_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

/** 'Night Drive' as its page shows it: with its waveform, loudness, uploader and an empty Up Next. */
export function trackDetailOf(overrides: Partial<TrackDetail> = {}): TrackDetail {
  return {
    ...trackOf(),
    waveform: Array.from({ length: 800 }, (_, index) => (index * 7) % 256),
    loudness_lufs: -14.2,
    uploader: { id: 'user-1', name: 'Nova Lane', avatar_url: null },
    up_next: [],
    ...overrides,
  };
}

/** What the player needs of a track: 'Track <id>' by Nina Simone, 200 s long. */
export function playableTrackOf(id: string, overrides: Partial<PlayableTrack> = {}): PlayableTrack {
  return { id, title: `Track ${id}`, artist: 'Nina Simone', album: null, duration: 200, cover_url: null, ...overrides };
}

/** Nova Lane: 'Night Drive' on the album 'Midnight Static', and the single 'Solo Flight'. */
export function artistOf(overrides: Partial<Artist> = {}): Artist {
  const single = trackOf({ id: 'track-2', title: 'Solo Flight', album: null, plays: 10 });
  const albumTrack = trackOf();
  return {
    name: 'Nova Lane',
    track_count: 2,
    total_plays: 1210,
    verified: false,
    tracks: [albumTrack, single],
    next_cursor: null,
    albums: [
      { name: 'Midnight Static', track_count: 1, cover_url: null },
      { name: 'Singles', track_count: 1, cover_url: null },
    ],
    bio: null,
    avatar_url: null,
    profile_id: null,
    is_following: false,
    is_me: false,
    ...overrides,
  };
}

/** An empty private playlist of my own as its card shows it, unless overridden. */
export function playlistSummaryOf(overrides: Partial<PlaylistSummary> = {}): PlaylistSummary {
  return {
    id: 'playlist-1',
    name: 'Mix',
    description: '',
    visibility: 'private',
    owner_id: 'me',
    owner_name: 'Ada Lovelace',
    is_owner: true,
    is_following: false,
    follower_count: 0,
    track_count: 0,
    cover_url: null,
    is_featured: false,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

/** This month's uploads on a plan (free unless given); `limit` null: unlimited. */
export function uploadLimitOf(used: number, limit: number | null, plan: UploadLimit['plan'] = 'free'): UploadLimit {
  return { used, limit, plan, resets_at: '2026-12-01T00:00:00Z' };
}

/** Free, Basic and Premium as `GET /api/v1/plans` answers them. */
export function planListOf(): PlanView[] {
  return [
    {
      id: 'free',
      name: 'Free',
      price_cents: 0,
      currency: 'USD',
      upload_limit: 50,
      stream_quality: 'standard',
      stream_quality_label: 'Standard (MP3 128 kbps)',
      ads: true,
      offline: 'No',
      priority_support: false,
      features: ['50 uploads per month', 'Standard quality', 'Unlimited playlists', 'Web and mobile', 'Ads'],
    },
    {
      id: 'basic',
      name: 'Basic',
      price_cents: 499,
      currency: 'USD',
      upload_limit: 100,
      stream_quality: 'high',
      stream_quality_label: 'High (MP3 320 kbps)',
      ads: false,
      offline: '10 hours',
      priority_support: false,
      features: ['100 uploads per month', 'High quality (320kbps)', 'Ad-free', 'Offline 10 hours'],
    },
    {
      id: 'premium',
      name: 'Premium',
      price_cents: 999,
      currency: 'USD',
      upload_limit: null,
      stream_quality: 'lossless',
      stream_quality_label: 'Lossless (FLAC)',
      ads: false,
      offline: 'Unlimited',
      priority_support: true,
      features: ['Unlimited uploads', 'Lossless (FLAC)', 'Ad-free', 'Unlimited offline', 'Priority support'],
    },
  ];
}

/** A subscription as `GET /api/v1/me/subscription` answers it: the free plan unless overridden. */
export function subscriptionOf(overrides: Partial<Subscription> = {}): Subscription {
  return {
    plan: 'free',
    status: null,
    current_period_end: null,
    cancel_at_period_end: false,
    payment_failed: false,
    ...overrides,
  };
}

/** A file as a file input hands it over; `size` pretends another size than its few bytes. */
export function fileOf(name: string, type: string, size?: number): File {
  const file = new File(['RIFF'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** What openapi-fetch resolves with for a 200 answer. */
export function answer(data: unknown) {
  return { data, error: undefined, response: new Response(null, { status: 200 }) };
}

/** What openapi-fetch resolves with when the server answers one of the failures of its catalogue. */
export function failure({ code, status, message }: ErrorCatalogueEntry) {
  return { data: undefined, error: { error: message, code }, response: new Response(null, { status }) };
}
