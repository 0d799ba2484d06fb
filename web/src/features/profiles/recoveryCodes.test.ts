import { describe, expect, it } from 'vitest';
import { recoveryCodesFileText, recoveryCodesIn, recoveryCodesLeftLabel } from './recoveryCodes';

describe('recoveryCodesIn', () => {
  it('reads the codes beside the session in the answer that verified the first factor', () => {
    expect(recoveryCodesIn({ access_token: 'a', recovery_codes: ['k3m9x-q2w7e', 'ab12c-de34f'] })).toEqual([
      'k3m9x-q2w7e',
      'ab12c-de34f',
    ]);
  });

  it('finds none in an answer without them', () => {
    expect(recoveryCodesIn({ access_token: 'a' })).toEqual([]);
    expect(recoveryCodesIn({ recovery_codes: null })).toEqual([]);
    expect(recoveryCodesIn(null)).toEqual([]);
  });
});

describe('recoveryCodesFileText', () => {
  it('says what the codes are and when they were made, then lists one a line', () => {
    const text = recoveryCodesFileText(['k3m9x-q2w7e', 'ab12c-de34f'], new Date('2026-03-14T09:26:53Z'));

    expect(text.startsWith('Backbeat recovery codes\n')).toBe(true);
    expect(text).toContain('Made on 2026-03-14.');
    expect(text.endsWith('\nk3m9x-q2w7e\nab12c-de34f\n')).toBe(true);
  });
});

describe('recoveryCodesLeftLabel', () => {
  it.each([
    [10, '10 recovery codes left'],
    [1, '1 recovery code left'],
    [0, 'No recovery codes left'],
  ])('%i reads "%s"', (remaining, label) => {
    expect(recoveryCodesLeftLabel(remaining)).toBe(label);
  });
});
