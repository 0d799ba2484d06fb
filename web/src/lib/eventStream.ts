import { auth } from './auth';
import { withSession } from './sessionEnd';
import { createSseParser, type ServerSentEvent } from './sse';

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/** The wait before reconnection attempt `attempt` (0 first): doubling from 1 s up to 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: ServerSentEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser(onEvent);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.push(decoder.decode(value, { stream: true }));
  }
}

interface FollowOptions {
  onEvent: (event: ServerSentEvent) => void;
  /** Called on every successful connection; `reconnected` is false the first time. */
  onConnect?: (reconnected: boolean) => void;
  signal: AbortSignal;
}

/**
 * Follows the signed-in user's live events (`GET /api/v1/events`) until `signal` aborts. The
 * stream needs the bearer header, so it is read with fetch rather than EventSource. A dropped or
 * refused connection is tried again after a growing wait, each time with a fresh access token.
 */
export async function followEventStream({ onEvent, onConnect, signal }: FollowOptions): Promise<void> {
  let failures = 0;
  let connections = 0;
  while (!signal.aborted) {
    try {
      // The server closes the stream when the session ends: never reconnect with the ending one,
      // and let a sign-out wait until the connection is answered.
      const response = await withSession(async () => {
        const { data } = await auth.getSession();
        if (!data.session) throw new Error('Not signed in');
        return fetch('/api/v1/events', {
          headers: { Authorization: `Bearer ${data.session.access_token}`, Accept: 'text/event-stream' },
          cache: 'no-store',
          signal,
        });
      });
      if (!response.ok || !response.body) throw new Error(`The event stream answered with status ${response.status}.`);
      failures = 0;
      onConnect?.(connections > 0);
      connections++;
      await readEvents(response.body, onEvent);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.warn('The live event stream was interrupted; reconnecting', error);
    }
    await sleep(reconnectDelay(failures), signal);
    failures++;
  }
}
