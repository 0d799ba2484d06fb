import { describe, expect, it } from 'vitest';
import { listenerFirstName } from './welcome';

describe('listenerFirstName', () => {
  it('takes the first word of the profile name', () => {
    expect(listenerFirstName('Ada Lovelace')).toBe('Ada');
    expect(listenerFirstName('  Grace   Brewster Hopper ')).toBe('Grace');
    expect(listenerFirstName('Prince')).toBe('Prince');
  });

  it("says 'Music Lover' when there is no name", () => {
    expect(listenerFirstName('')).toBe('Music Lover');
    expect(listenerFirstName('   ')).toBe('Music Lover');
    expect(listenerFirstName(null)).toBe('Music Lover');
    expect(listenerFirstName(undefined)).toBe('Music Lover');
  });
});
