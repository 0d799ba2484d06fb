import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackActions } from '@/lib/trackActions';
import { answer, playlistSummaryOf, trackOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { LikeButton } from './components/LikeButton';
import { TrackMenu } from './components/TrackMenu';
import { LibraryPage } from './LibraryPage';

const { GET } = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

const answers: Record<string, unknown> = {
  '/api/v1/me/tracks': { tracks: [], next_cursor: null },
  '/api/v1/me/likes': { tracks: [], next_cursor: null },
  '/api/v1/me/likes/ids': { track_ids: [], next_cursor: null },
  '/api/v1/playlists': { playlists: [], next_cursor: null },
  '/api/v1/me/followed-playlists': { playlists: [], next_cursor: null },
};

interface Init {
  params?: { query?: { cursor?: string } };
}

/** Answers `path` page by page, by the cursor asked for ('' for the first page); other paths from `answers`. */
function answerPages(pages: Record<string, Record<string, unknown>>) {
  GET.mockImplementation((path: string, init?: Init) => {
    const cursor = init?.params?.query?.cursor ?? '';
    return Promise.resolve(answer(pages[path]?.[cursor] ?? answers[path]));
  });
}

function cursorsAsked(path: string): unknown[] {
  return GET.mock.calls.filter(([called]) => called === path).map(([, init]) => (init as Init | undefined)?.params?.query?.cursor);
}

/** The track rows' heart and menu are the library's own, as the app wires them in; nothing plays. */
const actions: TrackActions = {
  play: () => undefined,
  playNext: () => undefined,
  addToQueue: () => undefined,
  usePlaybackState: () => ({ isCurrent: false, isPlaying: false }),
  LikeButton,
  TrackMenu,
};

function renderLibrary(url: string) {
  return renderRoute(<LibraryPage />, { url, actions });
}

const search = (router: ReturnType<typeof renderLibrary>['router']) => router.state.location.search;
const tab = (name: string) => within(screen.getByRole('navigation', { name: 'Library' })).getByRole('link', { name });

describe('LibraryPage', () => {
  beforeEach(() => {
    GET.mockReset();
    GET.mockImplementation((path: string) => Promise.resolve(answer(answers[path])));
  });

  it('shows the downloads panel on ?tab=downloads, asking the server nothing for it', () => {
    renderRoute(<LibraryPage downloadsPanel={<p>What this device keeps</p>} />, { url: '/library?tab=downloads', actions });

    expect(tab('Downloads')).toHaveAttribute('aria-current', 'page');
    expect(tab('Downloads')).toHaveAttribute('href', '/library?tab=downloads');
    expect(screen.getByText('What this device keeps')).toBeInTheDocument();
    expect(GET).not.toHaveBeenCalled();
  });

  it('shows the uploads by default', async () => {
    renderLibrary('/library');

    expect(tab('Uploads')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText("You haven't uploaded any tracks yet.")).toBeInTheDocument();
  });

  it('keeps the chosen tab in the URL', async () => {
    const { user, router } = renderLibrary('/library');

    await user.click(tab('Liked Songs'));

    expect(search(router)).toBe('?tab=liked');
    expect(tab('Liked Songs')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('No liked songs yet.')).toBeInTheDocument();
  });

  it.each([
    ['uploads', '/library', '/api/v1/me/tracks', 'Your uploads'],
    ['liked songs', '/library?tab=liked', '/api/v1/me/likes', 'Liked Songs'],
  ])("loads more %s from the page's cursor with 'Load more'", async (_name, url, path, label) => {
    answerPages({
      [path]: {
        '': { tracks: [trackOf({ id: 't1', title: 'Night Drive' })], next_cursor: 'page-2' },
        'page-2': { tracks: [trackOf({ id: 't2', title: 'Solo Flight' })], next_cursor: null },
      },
    });
    const { user } = renderLibrary(url);

    const list = await screen.findByRole('list', { name: label });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await within(list).findByRole('link', { name: 'Solo Flight' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(cursorsAsked(path)).toEqual([undefined, 'page-2']);
  });

  it("loads more playlists with 'Load more playlists'", async () => {
    answerPages({
      '/api/v1/playlists': {
        '': { playlists: [playlistSummaryOf({ id: 'p1', name: 'Morning' })], next_cursor: 'page-2' },
        'page-2': { playlists: [playlistSummaryOf({ id: 'p2', name: 'Evening' })], next_cursor: null },
      },
    });
    const { user } = renderLibrary('/library?tab=playlists');

    await user.click(await screen.findByRole('button', { name: 'Load more playlists' }));

    const grid = screen.getByRole('list', { name: 'Your playlists' });
    expect(await within(grid).findByRole('link', { name: /Evening/ })).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: /Morning/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more playlists' })).not.toBeInTheDocument();
  });

  it('fills the hearts from every page of liked ids', async () => {
    answerPages({
      '/api/v1/me/tracks': { '': { tracks: [trackOf({ id: 't1', title: 'Night Drive' }), trackOf({ id: 't2', title: 'Solo Flight' })], next_cursor: null } },
      '/api/v1/me/likes/ids': {
        '': { track_ids: ['t1'], next_cursor: 'ids-2' },
        'ids-2': { track_ids: ['t2'], next_cursor: null },
      },
    });
    renderLibrary('/library');

    const list = await screen.findByRole('list', { name: 'Your uploads' });
    const hearts = () => within(list).getAllByRole('button', { name: 'Like' });
    await waitFor(() => {
      expect(hearts().map((heart) => heart.getAttribute('aria-pressed'))).toEqual(['true', 'true']);
    });
    expect(cursorsAsked('/api/v1/me/likes/ids')).toEqual([undefined, 'ids-2']);
  });

  it("shows my playlists as 'Created by You' and the ones I follow by their owner", async () => {
    answerPages({
      '/api/v1/playlists': { '': { playlists: [playlistSummaryOf({ id: 'p1', name: 'Morning' })], next_cursor: null } },
      '/api/v1/me/followed-playlists': {
        '': {
          playlists: [playlistSummaryOf({ id: 'p2', name: 'Road Trip', is_owner: false, owner_id: 'u2', owner_name: 'Grace Hopper', visibility: 'public', is_following: true })],
          next_cursor: null,
        },
      },
    });
    renderLibrary('/library?tab=playlists');

    const mine = await screen.findByRole('list', { name: 'Your playlists' });
    expect(within(mine).getByRole('link', { name: /Morning/ })).toHaveTextContent('Created by You');
    expect(screen.getByRole('heading', { level: 2, name: 'Playlists you follow' })).toBeInTheDocument();
    const followed = within(screen.getByRole('list', { name: 'Playlists you follow' })).getByRole('link', { name: /Road Trip/ });
    expect(followed).toHaveTextContent('by Grace Hopper');
    expect(followed).not.toHaveTextContent('Created by You');
    expect(followed).toHaveAttribute('href', '/playlist/p2');
  });

  it('says when there are no playlists', async () => {
    renderLibrary('/library?tab=playlists');

    expect(await screen.findByText('No playlists found.')).toBeInTheDocument();
  });

  it('opens the create form for ?create=playlist, on the playlists tab, and closes it on Cancel', async () => {
    const { user, router } = renderLibrary('/library?create=playlist');

    const dialog = screen.getByRole('dialog', { name: 'Create Playlist' });
    expect(tab('Playlists')).toHaveAttribute('aria-current', 'page');
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog', { name: 'Create Playlist' })).not.toBeInTheDocument();
    expect(search(router)).toBe('?tab=playlists');
  });

  it('asks for a name before creating a playlist', async () => {
    const { user, router } = renderLibrary('/library');

    await user.click(screen.getByRole('button', { name: 'Create Playlist' }));
    expect(search(router)).toBe('?create=playlist');
    const dialog = screen.getByRole('dialog', { name: 'Create Playlist' });
    await user.type(within(dialog).getByLabelText('Name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a playlist name.');
  });
});
