import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@/api/errors';
import { ApiError, serverMessageOr, toApiError } from './api';

describe('serverMessageOr', () => {
  it("shows the server's message from an error body", () => {
    const { message, code, status } = errorCatalogue.profile_not_found;
    const error = toApiError({ error: message, code }, new Response(null, { status }));

    expect(serverMessageOr(error, 'Failed to update profile. Please try again.')).toBe(message);
  });

  it('falls back when the server sent no message', () => {
    const error = toApiError('<html>Bad Gateway</html>', new Response(null, { status: 502 }));

    expect(error).toBeInstanceOf(ApiError);
    expect(serverMessageOr(error, 'Failed to update profile. Please try again.')).toBe(
      'Failed to update profile. Please try again.',
    );
  });

  it('falls back on a network failure', () => {
    expect(serverMessageOr(new TypeError('Failed to fetch'), 'Failed to upload new avatar.')).toBe(
      'Failed to upload new avatar.',
    );
  });
});
