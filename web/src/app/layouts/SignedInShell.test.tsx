import type { Session, User } from '@supabase/auth-js';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '@/test/fixtures';
import { deliverEvent, planChanged } from '@/test/events';
import { renderRoute } from '@/test/render';

const { GET, followEventStream, adsModuleLoaded } = vi.hoisted(() => ({
  GET: vi.fn(),
  followEventStream: vi.fn(),
  adsModuleLoaded: vi.fn(),
}));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/auth')>()), auth: {} }));
vi.mock('@/lib/eventStream', () => ({ followEventStream }));
// jsdom plays no audio.
vi.mock('@/features/player/components/AudioEngine', () => ({ AudioEngine: () => null }));
// Stands in for the ads module, recording when the layout loads it.
vi.mock('@/features/ads/FreePlanAds', () => {
  adsModuleLoaded();
  return {
    BannerAd: () => <aside aria-label="Advertisement">Banner</aside>,
    PopupAd: () => <div role="dialog" aria-label="Advertisement" />,
  };
});

type Plan = 'free' | 'basic' | 'premium';

const user = { id: 'user-1', email: 'ada@example.com', factors: [] } as unknown as User;
const session = { access_token: 'token', user } as unknown as Session;

function profileOn(plan: Plan) {
  return {
    id: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    avatar_url: null,
    bio: '',
    social_links: { instagram: null, spotify: null, twitter: null },
    featured_playlist: null,
    follower_count: 0,
    following_count: 0,
    subscription_plan: plan,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
  };
}

/** Answers the profile on `plan` (read again on each call), or keeps it loading. */
function answerProfile(plan: () => Plan | 'loading') {
  GET.mockImplementation(() => {
    const current = plan();
    return current === 'loading' ? new Promise(() => undefined) : Promise.resolve(answer(profileOn(current)));
  });
}

/** Renders the signed-in area on /home, with a fresh copy of the layout (and of the lazy ads it may load). */
async function renderSignedIn() {
  vi.resetModules();
  const { SignedInShell } = await import('./SignedInShell');
  const { Outlet } = await import('react-router');
  const { SessionContext } = await import('@/features/auth/session');
  return renderRoute(
    <SessionContext value={{ status: 'signed-in', session, user }}>
      <SignedInShell>
        <Outlet />
      </SignedInShell>
    </SessionContext>,
    { url: '/home', path: '/', children: [{ path: 'home', element: <h1>Home</h1> }] },
  );
}

describe('SignedInShell', () => {
  beforeEach(() => {
    GET.mockReset();
    followEventStream.mockReset();
    followEventStream.mockReturnValue(new Promise(() => undefined));
    adsModuleLoaded.mockReset();
  });

  it.each(['basic', 'premium'] as const)('never loads the ads module for a %s user', async (plan) => {
    answerProfile(() => plan);
    await renderSignedIn();

    expect(await screen.findByText(plan === 'basic' ? 'Basic Plan' : 'Premium Plan')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(adsModuleLoaded).not.toHaveBeenCalled();
    expect(screen.queryByRole('complementary', { name: 'Advertisement' })).not.toBeInTheDocument();
  });

  it('loads no ads while the profile is still loading', async () => {
    answerProfile(() => 'loading');
    await renderSignedIn();

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(adsModuleLoaded).not.toHaveBeenCalled();
  });

  it('shows the banner and the pop-up of the ads module to a free user', async () => {
    answerProfile(() => 'free');
    await renderSignedIn();

    expect(await screen.findByRole('complementary', { name: 'Advertisement' })).toHaveTextContent('Banner');
    expect(await screen.findByRole('dialog', { name: 'Advertisement' })).toBeInTheDocument();
    expect(adsModuleLoaded).toHaveBeenCalledOnce();
    expect(screen.getByRole('main')).not.toContainElement(screen.getByRole('complementary', { name: 'Advertisement' }));
  });

  it('takes the ads away the moment the plan changes to paid, and brings them back on free', async () => {
    answerProfile(() => 'free');
    await renderSignedIn();
    await screen.findByRole('complementary', { name: 'Advertisement' });
    await screen.findByRole('dialog', { name: 'Advertisement' });

    // The profile is read again, but the cache takes the event's plan before that read answers.
    GET.mockReturnValue(new Promise(() => undefined));
    deliverEvent(followEventStream, planChanged('premium'));

    await waitFor(() => {
      expect(screen.queryByRole('complementary', { name: 'Advertisement' })).not.toBeInTheDocument();
    });
    expect(screen.queryByRole('dialog', { name: 'Advertisement' })).not.toBeInTheDocument();
    expect(screen.getByText('Premium Plan')).toBeInTheDocument();

    deliverEvent(followEventStream, planChanged('free'));

    expect(await screen.findByRole('complementary', { name: 'Advertisement' })).toBeInTheDocument();
    expect(screen.getByText('Free Plan')).toBeInTheDocument();
  });

  it('reads the profile again after a plan change', async () => {
    let plan: Plan = 'free';
    answerProfile(() => plan);
    await renderSignedIn();
    await screen.findByText('Free Plan');
    const reads = GET.mock.calls.length;

    plan = 'basic';
    deliverEvent(followEventStream, planChanged('basic'));

    expect(await screen.findByText('Basic Plan')).toBeInTheDocument();
    await waitFor(() => {
      expect(GET.mock.calls.length).toBeGreaterThan(reads);
    });
  });
});
