import { describe, expect, it } from 'vitest';
import { formatFileSize } from './fileFormat';

describe('formatFileSize', () => {
  it('writes megabytes with one decimal and smaller files in kilobytes', () => {
    expect(formatFileSize(4.2 * 1024 * 1024)).toBe('4.2 MB');
    expect(formatFileSize(880 * 1024)).toBe('880 KB');
    expect(formatFileSize(12)).toBe('1 KB');
  });
});
