import { describe, expect, it } from 'vitest';
import { timeAgo } from './timeAgo';

const now = Date.parse('2026-11-22T12:00:00Z');

describe('timeAgo', () => {
  it('says just now for the last minute', () => {
    expect(timeAgo('2026-11-22T11:59:31Z', now)).toBe('just now');
  });

  it('counts minutes, hours and days', () => {
    expect(timeAgo('2026-11-22T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-11-22T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-21T11:00:00Z', now)).toBe('yesterday');
  });
});
