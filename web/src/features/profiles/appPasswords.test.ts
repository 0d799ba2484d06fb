import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@/api/errors';
import { appPasswordNameProblem, createdLabel, lastUsedLabel } from './appPasswords';

describe('app password names', () => {
  it('accepts a name with something besides spaces', () => {
    expect(appPasswordNameProblem('  Symfonium on my phone ')).toBeNull();
  });

  it('refuses an empty name', () => {
    expect(appPasswordNameProblem('   ')).toBe(errorCatalogue.app_password_name_required.message);
  });
});

describe('app password dates', () => {
  it('says when it was made', () => {
    expect(createdLabel('2026-11-28T22:42:00Z', 'UTC')).toBe('Created Nov 28, 2026');
  });

  it('says when it was last used, to the minute, or that it never was', () => {
    expect(lastUsedLabel('2026-11-28T22:42:00Z', 'UTC')).toBe('Last used Nov 28, 2026, 10:42 PM');
    expect(lastUsedLabel(null)).toBe('Never used');
  });
});
