import { act } from '@testing-library/react';
import type { Mock } from 'vitest';
import type { ServerSentEvent } from '@/lib/sse';

/** Delivers a live event to the handler last given to the (mocked) `followEventStream`. */
export function deliverEvent(followEventStream: Mock, event: ServerSentEvent): void {
  const [{ onEvent }] = followEventStream.mock.lastCall as [{ onEvent: (event: ServerSentEvent) => void }];
  act(() => {
    onEvent(event);
  });
}

/** A `plan_changed` event, as the server sends it when the signed-in user's plan changes. */
export function planChanged(plan: string): ServerSentEvent {
  return { event: 'plan_changed', data: JSON.stringify({ plan }), id: '' };
}

/** A `stems` event, as the server sends it while the separation of a track the user asked for goes. */
export function stemsChanged(trackId: string, status: 'loading' | 'ready' | 'error', progress: number): ServerSentEvent {
  return { event: 'stems', data: JSON.stringify({ track_id: trackId, status, progress }), id: '' };
}
