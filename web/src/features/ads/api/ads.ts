import type { paths } from '@/api/schema';
import { api, toApiError } from '@/lib/api';

export type AdOffer = paths['/api/v1/ads']['get']['responses'][200]['content']['application/json'];
export type Ad = NonNullable<AdOffer['ad']>;
/** The banner above the page (horizontal format) or the timed pop-up (rectangle format). */
export type AdSlotName = 'banner' | 'popup';

/** An ad for the slot (none when no ad is active), and the ad network's script when one is configured. */
export async function fetchAdOffer(slot: AdSlotName): Promise<AdOffer> {
  const { data, error, response } = await api.GET('/api/v1/ads', { params: { query: { slot } } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** Counts that the ad was shown to me. */
export async function reportImpression(adId: string): Promise<void> {
  const { error, response } = await api.POST('/api/v1/ads/{id}/impressions', { params: { path: { id: adId } } });
  if (!response.ok) throw toApiError(error, response);
}
