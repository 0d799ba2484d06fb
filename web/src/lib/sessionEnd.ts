/**
 * Changing the session in order with the requests that carry it. The server ends a session at
 * once, so a request sent with its token that reaches the server after the sign-out is refused
 * with 401 (and the browser reports the refusal); likewise, once an account's first second factor
 * is verified, a request still carrying the session's password-only token is refused with 403. A
 * page polls while the user clicks Log Out or turns on two-factor authentication (the free plan's
 * ad slot asks every few seconds), so the race is a real one. Here, a change first waits for the
 * requests already on their way, and requests begun while it runs wait for it to finish, then go
 * out with what the session has become.
 */

/** The longest a change waits for the answers to requests already sent. */
export const SETTLE_LIMIT_MS = 2_000;

let inFlight = 0;
let whenAnswered: (() => void)[] = [];
let changing: Promise<unknown> | null = null;

function answered(): void {
  inFlight -= 1;
  if (inFlight > 0) return;
  const waiting = whenAnswered;
  whenAnswered = [];
  for (const resume of waiting) resume();
}

/** Runs `send`, counted as on its way until it is answered or fails. */
async function counted<T>(send: () => Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await send();
  } finally {
    answered();
  }
}

/**
 * `fetch` for the auth client, whose requests may carry the session: each is counted until it is
 * answered or fails. It does not wait for a change of the session, since the change itself is
 * made of them (the auth client orders its own requests).
 */
export const sessionFetch: typeof fetch = (input, init) => counted(() => fetch(input, init));

function requestsAnswered(limitMs: number): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    whenAnswered.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const ignore = (): undefined => undefined;

/**
 * Sends a request that reads the session and carries it: `send` reads the access token and
 * fetches. It waits for a change of the session under way to finish (whether or not it
 * succeeded), then counts as on its way from before it reads the token until it is answered, so a
 * change that begins in between waits for it. Counting only from the fetch would leave the token
 * read unguarded: a sign-out could end the session after the token was read and before it was
 * sent.
 */
export async function withSession<T>(send: () => Promise<T>): Promise<T> {
  while (changing) await changing.then(ignore, ignore);
  // counted() counts before its first await, so nothing runs between the check above and the
  // count: no change can begin in between.
  return counted(send);
}

/**
 * Runs `change` (a sign-out, or the verification that turns on two-factor authentication) once
 * every request already sent has been answered (or after SETTLE_LIMIT_MS); requests begun through
 * `withSession` meanwhile are held until it is over.
 */
export function changeSession<T>(change: () => Promise<T>): Promise<T> {
  const run = requestsAnswered(SETTLE_LIMIT_MS).then(change);
  const current: Promise<T> = run.finally(() => {
    if (changing === current) changing = null;
  });
  changing = current;
  return current;
}
