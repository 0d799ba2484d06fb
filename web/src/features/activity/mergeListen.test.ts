import { describe, expect, it } from 'vitest';
import { mergeListen, type FriendListen } from './mergeListen';

function listenOf(id: string): FriendListen {
  return {
    id,
    listened_at: '2026-11-22T12:00:00Z',
    user: { id: 'u1', name: 'Nina Simone', avatar_url: null },
    track: {
      id: `t-${id}`,
      title: 'Feeling Good',
      artist: 'Nina Simone',
      album: null,
      genre: null,
      duration: 180,
      plays: 0,
      verified: false,
      status: 'ready',
      failure_reason: null,
      cover_url: null,
      cover_large_url: null,
      uploaded_by: 'u1',
      created_at: '2026-11-22T12:00:00Z',
    },
  };
}

const ids = (items: FriendListen[]) => items.map((item) => item.id);

describe('mergeListen', () => {
  it('puts a new listen on top', () => {
    expect(ids(mergeListen([listenOf('a'), listenOf('b')], listenOf('c')))).toEqual(['c', 'a', 'b']);
  });

  it('does not show a listen twice', () => {
    expect(ids(mergeListen([listenOf('a'), listenOf('b')], listenOf('b')))).toEqual(['b', 'a']);
  });

  it('keeps the 10 newest', () => {
    const ten = Array.from({ length: 10 }, (_, index) => listenOf(String(index)));

    const merged = mergeListen(ten, listenOf('new'));

    expect(merged).toHaveLength(10);
    expect(merged[0]?.id).toBe('new');
    expect(ids(merged)).not.toContain('9');
  });
});
