/**
 * Ending the session in order with the requests that carry it. The server ends a session at once,
 * so a request sent with its token that reaches the server after the sign-out is refused with 401
 * (and the browser reports the refusal). A page polls while the user clicks Log Out (the free
 * plan's ad slot asks every few seconds), so the race is a real one. Here, a sign-out first waits
 * for the requests already on their way, and requests begun while it runs wait for it to finish,
 * then go out with what the session has become.
 */

/** The longest a sign-out waits for the answers to requests already sent. */
export const SETTLE_LIMIT_MS = 2_000;

let inFlight = 0;
let whenAnswered: (() => void)[] = [];
let ending: Promise<unknown> | null = null;

function answered(): void {
  inFlight -= 1;
  if (inFlight > 0) return;
  const waiting = whenAnswered;
  whenAnswered = [];
  for (const resume of waiting) resume();
}

/** `fetch` for the requests that may carry the session: each is counted until it is answered or fails. */
export const sessionFetch: typeof fetch = async (input, init) => {
  inFlight += 1;
  try {
    return await fetch(input, init);
  } finally {
    answered();
  }
};

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

/** Resolves at once, or once the sign-out under way has finished (whether or not it succeeded). */
export async function sessionSettled(): Promise<void> {
  while (ending) {
    await ending.then(
      () => undefined,
      () => undefined,
    );
  }
}

/**
 * Runs `signOut` once every request already sent has been answered (or after SETTLE_LIMIT_MS);
 * requests that wait on `sessionSettled` are held until it is over.
 */
export function endSession<T>(signOut: () => Promise<T>): Promise<T> {
  const run = requestsAnswered(SETTLE_LIMIT_MS).then(signOut);
  const current: Promise<T> = run.finally(() => {
    if (ending === current) ending = null;
  });
  ending = current;
  return current;
}
