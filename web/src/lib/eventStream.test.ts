import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './eventStream';

describe('reconnectDelay', () => {
  it('doubles from 1 s and stops growing at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
