import type { components } from '@/api/schema';

export type Track = components['schemas']['Track'];
export type StreamQuality = components['schemas']['StreamQuality'];
export type StreamUrl = components['schemas']['StreamUrl'];
export type Plan = components['schemas']['Plan'];

/** A track the server lets the listener keep offline. */
export interface OfflineGrant {
  track_id: string;
  duration_secs: number;
  granted_at: string;
}

/** What the plan allows offline, and the grants that remain (GET /api/v1/me/offline). */
export interface OfflineStatus {
  plan: Plan;
  allowed: boolean;
  quality: StreamQuality;
  /** null: unlimited. */
  limit_secs: number | null;
  used_secs: number;
  /** null: unlimited. */
  remaining_secs: number | null;
  checked_at: string;
  /** Downloads play offline until then. */
  valid_until: string;
  grants: OfflineGrant[];
}

export interface OfflineDownload {
  track: Track;
  stream: StreamUrl;
}

/** The answer to a grant: the status after it, and a signed stream URL per track. */
export interface OfflineDownloads {
  status: OfflineStatus;
  downloads: OfflineDownload[];
}

/** A play made without a network, as it is queued and sent. */
export interface OfflinePlay {
  id: string;
  track_id: string;
  played_at: string;
}

export interface OfflinePlayOutcome {
  id: string;
  outcome: 'counted' | 'recorded' | 'refused';
  reason: 'too_old' | 'in_the_future' | 'not_found' | null;
}

export interface OfflinePlaysRecorded {
  plays: OfflinePlayOutcome[];
}
