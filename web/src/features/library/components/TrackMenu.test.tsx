import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, playlistSummaryOf, trackOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { TrackMenu } from './TrackMenu';

const { GET } = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

const pages: Record<string, unknown> = {
  '': { playlists: [playlistSummaryOf({ id: 'p1', name: 'Morning' })], next_cursor: 'page-2' },
  'page-2': { playlists: [playlistSummaryOf({ id: 'p2', name: 'Evening' })], next_cursor: null },
};

const track = trackOf({ id: 't1' });

describe('TrackMenu', () => {
  beforeEach(() => {
    GET.mockReset();
    GET.mockImplementation((_path: string, init: { params: { query: { cursor?: string } } }) =>
      Promise.resolve(answer(pages[init.params.query.cursor ?? ''])),
    );
  });

  it('offers the next page of my playlists as the last item of Add to Playlist', async () => {
    const { user } = renderRoute(<TrackMenu track={track} />);

    await user.click(screen.getByRole('button', { name: 'More options for Night Drive' }));
    await user.click(screen.getByRole('menuitem', { name: 'Add to Playlist' }));
    expect(await screen.findByRole('menuitem', { name: 'Morning' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'More playlists…' }));

    expect(await screen.findByRole('menuitem', { name: 'Evening' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'More playlists…' })).not.toBeInTheDocument();
  });
});
