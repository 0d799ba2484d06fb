import { describe, expect, it } from 'vitest';
import { ApiError, serverMessageOr, toApiError } from './api';

describe('serverMessageOr', () => {
  it("shows the server's message from an error body", () => {
    const error = toApiError({ error: 'Profile not found.', code: 'not_found' }, new Response(null, { status: 404 }));

    expect(serverMessageOr(error, 'Failed to update profile. Please try again.')).toBe('Profile not found.');
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
