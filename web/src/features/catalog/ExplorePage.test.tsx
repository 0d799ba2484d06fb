import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@/api/errors';
import { answer, failure, trackOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ExplorePage } from './ExplorePage';

const { GET } = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

const nightDrive = trackOf();
const soloFlight = trackOf({ id: 'track-2', title: 'Solo Flight', album: null });

function renderExplore(url = '/explore') {
  return renderRoute(<ExplorePage />, { path: '/explore', url });
}

function queryOfCall(index: number): unknown {
  return (GET.mock.calls[index]?.[1] as { params: { query: unknown } }).params.query;
}

describe('ExplorePage', () => {
  beforeEach(() => {
    GET.mockReset();
  });

  it("lists every track under 'All Tracks' with the count, showing a missing album as 'Single'", async () => {
    GET.mockResolvedValue(answer({ tracks: [nightDrive, soloFlight], next_cursor: null }));
    renderExplore();

    expect(await screen.findByRole('heading', { name: 'All Tracks' })).toBeInTheDocument();
    expect(screen.getByText('2 tracks')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'All Tracks' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Single')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Night Drive' })).toHaveAttribute('href', '/track/track-1');
    expect(within(list).getAllByRole('link', { name: 'Nova Lane' })[0]).toHaveAttribute('href', '/artist/Nova%20Lane');
    expect(queryOfCall(0)).toEqual({ q: undefined, cursor: undefined });
  });

  it('searches for ?q and heads the list with it and its total', async () => {
    GET.mockResolvedValue(answer({ tracks: [nightDrive], next_cursor: 'page-2', total: 1234, total_is_lower_bound: false }));
    renderExplore('/explore?q=%20synthwave%20');

    expect(await screen.findByRole('heading', { name: 'Results for "synthwave"' })).toBeInTheDocument();
    expect(screen.getByText('1,234 tracks')).toBeInTheDocument();
    expect(queryOfCall(0)).toEqual({ q: 'synthwave', cursor: undefined });
  });

  it("counts a search's matches from its total, '1,000+' beyond the bound", async () => {
    GET.mockResolvedValueOnce(
      answer({ tracks: [nightDrive], next_cursor: 'page-2', total: 1000, total_is_lower_bound: true }),
    );
    const { user } = renderExplore('/explore?q=love');
    expect(await screen.findByText('1,000+ tracks')).toBeInTheDocument();

    GET.mockResolvedValueOnce(
      answer({ tracks: [nightDrive], next_cursor: 'page-2', total: 1000, total_is_lower_bound: false }),
    );
    const box = screen.getByRole('searchbox', { name: 'Search tracks' });
    await user.clear(box);
    await user.type(box, 'lovely{Enter}');
    expect(await screen.findByText('1,000 tracks')).toBeInTheDocument();
  });

  it("says 'No tracks found' when nothing matches", async () => {
    GET.mockResolvedValue(answer({ tracks: [], next_cursor: null, total: 0, total_is_lower_bound: false }));
    renderExplore('/explore?q=polka');

    expect(await screen.findByText('No tracks found')).toBeInTheDocument();
    expect(screen.getByText('0 tracks')).toBeInTheDocument();
  });

  it('searches with the trimmed text from its own box, and shows everything for an empty one', async () => {
    GET.mockResolvedValue(answer({ tracks: [nightDrive], next_cursor: null }));
    const { user, router } = renderExplore('/explore?q=old');
    await screen.findByRole('heading', { name: 'Results for "old"' });

    const box = screen.getByRole('searchbox', { name: 'Search tracks' });
    await user.clear(box);
    await user.type(box, '  Nova Lane {Enter}');
    expect(await screen.findByRole('heading', { name: 'Results for "Nova Lane"' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=Nova+Lane');

    await user.clear(screen.getByRole('searchbox', { name: 'Search tracks' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'All Tracks' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it("caps its box at the server's 200 characters and shows the server's word limit", async () => {
    GET.mockResolvedValue(failure(errorCatalogue.search_too_long));
    const words = Array.from({ length: 11 }, (_, i) => `w${i}`).join(' ');
    renderExplore(`/explore?${new URLSearchParams({ q: words }).toString()}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(errorCatalogue.search_too_long.message);
    expect(screen.getByRole('searchbox', { name: 'Search tracks' })).toHaveAttribute('maxlength', '200');
  });

  it("loads the next page with the cursor from 'Load more'", async () => {
    GET.mockResolvedValueOnce(answer({ tracks: [nightDrive], next_cursor: 'page-2' }));
    GET.mockResolvedValueOnce(answer({ tracks: [soloFlight], next_cursor: null }));
    const { user } = renderExplore();

    expect(await screen.findByText('1+ tracks')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('2 tracks')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solo Flight' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(queryOfCall(1)).toEqual({ q: undefined, cursor: 'page-2' });
  });
});
