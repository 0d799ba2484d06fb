import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, playlistSummaryOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { FeaturedPlaylistSelect } from './FeaturedPlaylistSelect';

const { GET } = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

const newest = playlistSummaryOf({ id: 'p2', name: 'Evening', track_count: 1 });

describe('FeaturedPlaylistSelect', () => {
  beforeEach(() => {
    GET.mockReset();
    GET.mockResolvedValue(answer({ playlists: [newest], next_cursor: 'more' }));
  });

  it('offers my newest 100 playlists and the featured one, even when it is older', async () => {
    renderRoute(
      <FeaturedPlaylistSelect
        value="p1"
        current={{ id: 'p1', name: 'Morning', visibility: 'private', track_count: 3, cover_url: null }}
        disabled={false}
        onChange={vi.fn()}
      />,
    );

    const select = screen.getByRole('combobox', { name: 'Featured playlist' });
    expect(await within(select).findByRole('option', { name: 'Evening' })).toBeInTheDocument();
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['None', 'Morning', 'Evening']);
    expect(GET).toHaveBeenCalledWith('/api/v1/playlists', { params: { query: { limit: 100 } } });
  });
});
