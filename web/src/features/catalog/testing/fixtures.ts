import type { Artist } from '../api/artists';
import type { Track, TrackDetail } from '../api/tracks';

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

export function artistOf(overrides: Partial<Artist> = {}): Artist {
  const single = trackOf({ id: 'track-2', title: 'Solo Flight', album: null, plays: 10 });
  const albumTrack = trackOf();
  return {
    name: 'Nova Lane',
    track_count: 2,
    total_plays: 1210,
    verified: false,
    tracks: [albumTrack, single],
    albums: [
      { name: 'Midnight Static', tracks: [albumTrack] },
      { name: 'Singles', tracks: [single] },
    ],
    bio: null,
    avatar_url: null,
    profile_id: null,
    ...overrides,
  };
}

/** What openapi-fetch resolves with for a 200 answer. */
export function answer(data: unknown) {
  return { data, error: undefined, response: new Response(null, { status: 200 }) };
}

/** What openapi-fetch resolves with for an error answer. */
export function failure(status: number, error: string, code = 'not_found') {
  return { data: undefined, error: { error, code }, response: new Response(null, { status }) };
}
