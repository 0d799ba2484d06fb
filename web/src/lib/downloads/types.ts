import type { components } from '@/api/schema';

export type Track = components['schemas']['Track'];
export type StreamQuality = components['schemas']['StreamQuality'];
export type StreamUrl = components['schemas']['StreamUrl'];
export type Plan = components['schemas']['Plan'];

/** A track the server lets the listener keep offline. */
export type OfflineGrant = components['schemas']['OfflineGrant'];
/** What the plan allows offline, and the grants that remain (GET /api/v1/me/offline). */
export type OfflineStatus = components['schemas']['OfflineStatus'];
export type OfflineDownload = components['schemas']['OfflineDownload'];
/** The answer to a grant: the status after it, and a signed stream URL per track. */
export type OfflineDownloads = components['schemas']['OfflineDownloads'];

/** A play made without a network, as it is queued and sent. */
export type OfflinePlay = components['schemas']['OfflinePlayReport'];
export type OfflinePlayOutcome = components['schemas']['OfflinePlayOutcome'];
export type OfflinePlaysRecorded = components['schemas']['OfflinePlaysRecorded'];
