import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type Track = Schemas['Track'];
export type StreamQuality = Schemas['StreamQuality'];
export type StreamUrl = Schemas['StreamUrl'];
export type Plan = Schemas['Plan'];
/** A track the server lets the listener keep offline. */
export type OfflineGrant = Schemas['OfflineGrant'];
/** What the plan allows offline, and the grants that remain (GET /api/v1/me/offline). */
export type OfflineStatus = Schemas['OfflineStatus'];
export type OfflineDownload = Schemas['OfflineDownload'];
/** The answer to a grant: the status after it, and a signed stream URL per track. */
export type OfflineDownloads = Schemas['OfflineDownloads'];
/** A play made without a network, as it is queued and sent. */
export type OfflinePlay = Schemas['OfflinePlayReport'];
export type OfflinePlayOutcome = Schemas['OfflinePlayOutcome'];
export type OfflinePlaysRecorded = Schemas['OfflinePlaysRecorded'];
