import { describe, expect, it } from 'vitest';
import { listenerFirstName, welcomeWords } from './welcome';

describe('listenerFirstName', () => {
  it('takes the first word of the profile name', () => {
    expect(listenerFirstName('Ada Lovelace')).toBe('Ada');
    expect(listenerFirstName('  Grace   Brewster Hopper ')).toBe('Grace');
    expect(listenerFirstName('Prince')).toBe('Prince');
    expect(listenerFirstName('Ada Lovelace', 'ada@example.com')).toBe('Ada');
  });

  it("says 'Music Lover' when there is no name", () => {
    expect(listenerFirstName('')).toBe('Music Lover');
    expect(listenerFirstName('   ')).toBe('Music Lover');
    expect(listenerFirstName(null)).toBe('Music Lover');
    expect(listenerFirstName(undefined)).toBe('Music Lover');
  });

  it("says 'Music Lover' to a user who chose no name, whose profile carries the address's local part", () => {
    expect(listenerFirstName('listener-42', 'listener-42@example.com')).toBe('Music Lover');
    expect(listenerFirstName('grace.hopper', 'grace.hopper@example.com')).toBe('Music Lover');
    expect(listenerFirstName('grace.hopper@example.com', 'grace.hopper@example.com')).toBe('Music Lover');
  });
});

describe('welcomeWords', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');

  it("greets an account made within the hour with 'Welcome'", () => {
    expect(welcomeWords('2026-11-28T11:59:30Z', now)).toBe('Welcome');
    expect(welcomeWords('2026-11-28T11:01:00Z', now)).toBe('Welcome');
  });

  it("greets an older account with 'Welcome back'", () => {
    expect(welcomeWords('2026-11-28T11:00:00Z', now)).toBe('Welcome back');
    expect(welcomeWords('2026-10-01T08:00:00Z', now)).toBe('Welcome back');
  });

  it("says 'Welcome back' when the account's age is unknown", () => {
    expect(welcomeWords(undefined, now)).toBe('Welcome back');
    expect(welcomeWords('not a date', now)).toBe('Welcome back');
  });
});
