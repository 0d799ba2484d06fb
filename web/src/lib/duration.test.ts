import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('writes minutes and two-digit seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7)).toBe('0:07');
    expect(formatDuration(187.9)).toBe('3:07');
  });

  it('adds hours to long lengths', () => {
    expect(formatDuration(3765)).toBe('1:02:45');
  });

  it('reads a negative or unknown length as 0:00', () => {
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});
