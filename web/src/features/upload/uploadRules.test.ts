import { describe, expect, it } from 'vitest';
import { uploadLimitOf } from '@/test/fixtures';
import { isAtUploadLimit, uploadPercent, uploadSubmitProblem } from './uploadRules';

const complete = { hasAudio: true, title: 'Night Drive', artist: 'Nova Lane', atLimit: false };

describe('uploadSubmitProblem', () => {
  it('lets a complete form through', () => {
    expect(uploadSubmitProblem(complete)).toBeNull();
  });

  it('checks audio, then title, then artist, then the limit', () => {
    expect(uploadSubmitProblem({ hasAudio: false, title: '', artist: '', atLimit: true })).toBe('Please select an audio file.');
    expect(uploadSubmitProblem({ ...complete, title: '   ', artist: '', atLimit: true })).toBe('Please enter a title.');
    expect(uploadSubmitProblem({ ...complete, artist: ' ', atLimit: true })).toBe('Please enter an artist name.');
    expect(uploadSubmitProblem({ ...complete, atLimit: true })).toBe(
      'You have reached your monthly upload limit. Upgrade your plan to upload more tracks.',
    );
  });
});

describe('isAtUploadLimit', () => {
  it('is reached at or over the limit', () => {
    expect(isAtUploadLimit(uploadLimitOf(49, 50))).toBe(false);
    expect(isAtUploadLimit(uploadLimitOf(50, 50))).toBe(true);
    expect(isAtUploadLimit(uploadLimitOf(51, 50))).toBe(true);
  });

  it('is never reached on an unlimited plan, nor while the limit is unknown', () => {
    expect(isAtUploadLimit(uploadLimitOf(10_000, null, 'premium'))).toBe(false);
    expect(isAtUploadLimit(undefined)).toBe(false);
  });
});

describe('uploadPercent', () => {
  it('follows the bytes sent and holds at 90% until the server answers', () => {
    expect(uploadPercent(0, 1000)).toBe(0);
    expect(uploadPercent(455, 1000)).toBe(45);
    expect(uploadPercent(900, 1000)).toBe(90);
    expect(uploadPercent(1000, 1000)).toBe(90);
    expect(uploadPercent(0, 0)).toBe(0);
  });
});
