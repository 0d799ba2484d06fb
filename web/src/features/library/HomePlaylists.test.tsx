import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, playlistSummaryOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { HomePlaylists } from './HomePlaylists';

const { GET } = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

const playlists = ['One', 'Two', 'Three', 'Four', 'Five'].map((name) => playlistSummaryOf({ id: name.toLowerCase(), name }));

describe('HomePlaylists', () => {
  beforeEach(() => {
    GET.mockReset();
    GET.mockResolvedValue(answer({ playlists, next_cursor: 'more' }));
  });

  it('asks for my 5 newest playlists only, with See All for the rest', async () => {
    renderRoute(<HomePlaylists />, { url: '/home' });

    const grid = await screen.findByRole('list', { name: 'Your playlists' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(5);
    expect(GET).toHaveBeenCalledWith('/api/v1/playlists', { params: { query: { cursor: undefined, limit: 5 } } });
    expect(screen.getByRole('link', { name: 'See All' })).toHaveAttribute('href', '/library?tab=playlists');
  });
});
