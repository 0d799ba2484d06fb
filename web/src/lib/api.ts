import createClient from 'openapi-fetch';
import type { paths } from '@/api/schema';
import { auth } from './auth';
import { withSession } from './sessionEnd';

/**
 * Every call carries the signed-in user's access token. getSession() refreshes a token that is
 * about to expire, so a request never leaves with a stale one. A call begun while the user signs
 * out waits until the sign-out is over, then goes out signed out; a sign-out begun while a call
 * reads its token waits for the call's answer (sessionEnd.ts).
 */
function fetchWithSession(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return withSession(async () => {
    const request = new Request(input, init);
    const { data } = await auth.getSession();
    if (data.session) request.headers.set('Authorization', `Bearer ${data.session.access_token}`);
    return fetch(request);
  });
}

/** Typed client for the Backbeat API; paths start with /api/v1. */
export const api = createClient<paths>({ baseUrl: '/', fetch: fetchWithSession });

/**
 * The same API without the session, for the calls whose proof is something else: the token of
 * a "This wasn't me" link works signed out, and a session that still owes its second factor
 * would be refused on every /api/v1 route. The browser's fetch is read at each call.
 */
export const apiWithoutSession = createClient<paths>({
  baseUrl: '/',
  fetch: (request: Request) => fetch(request),
});

/** An error answered by the Backbeat API. Its message is written for the user. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

interface ErrorBody {
  error: string;
  code?: string;
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
}

/** Turns a failed response into an ApiError, keeping the server's message when it sent one. */
export function toApiError(body: unknown, response: Response): ApiError {
  if (isErrorBody(body)) {
    return new ApiError(body.error, response.status, body.code);
  }
  return new ApiError(`The server answered with status ${response.status}.`, response.status);
}

/**
 * The message to show for a failed call: the server's own words when it answered with an error
 * body, else `fallback` (a network failure, or a response without a message).
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== undefined ? error.message : fallback;
}
