import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './nextPath';

describe('safeNextPath', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeNextPath('/profile')).toBe('/profile');
    expect(safeNextPath('/explore?q=night%20drive')).toBe('/explore?q=night%20drive');
    expect(safeNextPath('/library?tab=liked')).toBe('/library?tab=liked');
  });

  it('goes home without a next value', () => {
    expect(safeNextPath(null)).toBe('/home');
    expect(safeNextPath(undefined)).toBe('/home');
    expect(safeNextPath('')).toBe('/home');
  });

  it('never leaves the site', () => {
    for (const next of [
      'https://evil.example/home',
      '//evil.example/home',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'profile',
      ' /profile',
    ]) {
      expect(safeNextPath(next)).toBe('/home');
    }
  });

  it('does not send a signed-in visitor back to a sign-in page', () => {
    expect(safeNextPath('/login')).toBe('/home');
    expect(safeNextPath('/login?next=%2Flogin')).toBe('/home');
    expect(safeNextPath('/signup')).toBe('/home');
  });
});

describe('loginPathFor', () => {
  it('puts the wanted page, query included, in next', () => {
    expect(loginPathFor({ pathname: '/profile', search: '' })).toBe('/login?next=%2Fprofile');
    expect(loginPathFor({ pathname: '/library', search: '?tab=liked' })).toBe('/login?next=%2Flibrary%3Ftab%3Dliked');
  });
});
