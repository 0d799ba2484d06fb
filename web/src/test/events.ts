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
