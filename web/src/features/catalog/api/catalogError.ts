import { ApiError, toApiError } from '@/lib/api';

/**
 * A failed catalog read, its message prefixed with what failed ('Failed to fetch tracks: ...'),
 * keeping the status so a page can tell an unknown track or artist from a broken connection.
 */
export function catalogError(prefix: string, body: unknown, response: Response): ApiError {
  const error = toApiError(body, response);
  return new ApiError(`${prefix}: ${error.message}`, error.status, error.code);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** An unknown track or artist stays unknown; only other failures are worth one more try. */
export function retryUnlessNotFound(failureCount: number, error: Error): boolean {
  return !isNotFound(error) && failureCount < 1;
}
