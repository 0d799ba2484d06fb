import { describe, expect, it } from 'vitest';
import { trackOf } from '@/test/fixtures';
import { playableOf } from './playable';

describe('playableOf', () => {
  it('keeps the ready tracks of a list, in order', () => {
    const [a, b, c, d] = [
      trackOf({ id: 'a' }),
      trackOf({ id: 'b', status: 'processing' }),
      trackOf({ id: 'c' }),
      trackOf({ id: 'd', status: 'failed' }),
    ];
    expect(playableOf([a, b, c, d])).toEqual([a, c]);
  });
});
