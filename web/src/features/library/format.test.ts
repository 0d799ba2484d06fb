import { describe, expect, it } from 'vitest';
import { followerCountLabel, totalLengthLabel } from './format';

describe('followerCountLabel', () => {
  it('counts one follower and many followers', () => {
    expect(followerCountLabel(1)).toBe('1 follower');
    expect(followerCountLabel(0)).toBe('0 followers');
    expect(followerCountLabel(2500)).toBe('2,500 followers');
  });
});

describe('totalLengthLabel', () => {
  it('gives minutes, and hours past the hour', () => {
    expect(totalLengthLabel(150)).toBe('3 min');
    expect(totalLengthLabel(3900)).toBe('1 hr 5 min');
  });

  it('reads a length under a minute in seconds, not 0 min', () => {
    expect(totalLengthLabel(1)).toBe('1 sec');
    expect(totalLengthLabel(29)).toBe('29 sec');
    expect(totalLengthLabel(45)).toBe('45 sec');
    expect(totalLengthLabel(59.4)).toBe('59 sec');
    expect(totalLengthLabel(59.6)).toBe('1 min');
    expect(totalLengthLabel(60)).toBe('1 min');
  });
});
