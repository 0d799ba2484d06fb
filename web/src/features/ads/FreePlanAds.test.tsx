import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '@/test/fixtures';
import type { Ad, AdOffer } from './api/ads';

const { GET, POST } = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET, POST } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

type AdsModule = typeof import('./FreePlanAds');
// Each test gets a fresh module: the pop-up's once-per-page-load and the network script's
// once-only are kept by the module, as they are for a page load.
let ads: AdsModule;

const bannerAd: Ad = {
  id: 'ad-1',
  slot: 'banner',
  title: 'Sunset Festival',
  image_url: '/media/ads/sunset.png',
  click_url: '/api/v1/ads/ad-1/click',
};
const popupAd: Ad = { ...bannerAd, id: 'ad-2', slot: 'popup', title: 'Vinyl Week', image_url: '/media/ads/vinyl.png' };
const longText = 'Night Drive by Nova Lane, a synthwave track from the album Midnight Static. '.repeat(4);

function offer(ad: Ad | null, networkScriptUrl: string | null = null): ReturnType<typeof answer> {
  const body: AdOffer = { ad, network_script_url: networkScriptUrl };
  return answer(body);
}

function adRequests(slot: string) {
  return GET.mock.calls.filter(
    ([path, init]) => path === '/api/v1/ads' && (init as { params: { query: { slot: string } } }).params.query.slot === slot,
  ).length;
}

function Page({ content, children }: { content: string; children: ReactNode }) {
  return (
    <>
      {children}
      <main id="main">
        <p>{content}</p>
      </main>
    </>
  );
}

function renderWith(element: ReactNode, content = longText) {
  return render(<Page content={content}>{element}</Page>);
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(async () => {
  GET.mockReset();
  POST.mockReset();
  POST.mockResolvedValue({ data: {}, error: undefined, response: new Response(null, { status: 204 }) });
  vi.useFakeTimers();
  vi.resetModules();
  ads = await import('./FreePlanAds');
});

afterEach(() => {
  vi.useRealTimers();
  document.head.querySelectorAll('script').forEach((script) => {
    script.remove();
  });
});

describe('BannerAd', () => {
  it('asks for no ad while the page is thin, and for one within a second of the content becoming substantial', async () => {
    GET.mockResolvedValue(offer(bannerAd));
    const { rerender } = renderWith(<ads.BannerAd />, 'Loading…');
    await advance(5_000);
    expect(adRequests('banner')).toBe(0);

    rerender(<Page content={longText}><ads.BannerAd /></Page>);
    await advance(1_000);

    expect(adRequests('banner')).toBe(1);
    expect(screen.getByRole('complementary', { name: 'Advertisement' })).toBeInTheDocument();
  });

  it('shows the ad as a sponsored link to its counting redirect, labelled Ad, in a 90 px place', async () => {
    GET.mockResolvedValue(offer(bannerAd));
    renderWith(<ads.BannerAd />);
    await advance(0);

    const banner = screen.getByRole('complementary', { name: 'Advertisement' });
    expect(within(banner).getByText('Ad')).toBeInTheDocument();
    const link = within(banner).getByRole('link', { name: 'Sunset Festival' });
    expect(link).toHaveAttribute('href', '/api/v1/ads/ad-1/click');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer sponsored');
    expect(within(link).getByRole('img', { name: 'Sunset Festival' })).toHaveAttribute('src', '/media/ads/sunset.png');
    expect(banner.querySelector('[data-ad-slot="banner"]')).toHaveStyle({ minHeight: '90px' });
  });

  it('reports one impression once the image has loaded', async () => {
    GET.mockResolvedValue(offer(bannerAd));
    renderWith(<ads.BannerAd />);
    await advance(0);
    expect(POST).not.toHaveBeenCalled();

    const image = screen.getByRole('img', { name: 'Sunset Festival' });
    fireEvent.load(image);
    fireEvent.load(image);
    await advance(0);

    expect(POST).toHaveBeenCalledOnce();
    expect(POST).toHaveBeenCalledWith('/api/v1/ads/{id}/impressions', { params: { path: { id: 'ad-1' } } });
  });

  it('shows nothing while the server has no ad, and asks again every 5 s', async () => {
    GET.mockResolvedValue(offer(null));
    renderWith(<ads.BannerAd />);
    await advance(0);
    expect(adRequests('banner')).toBe(1);
    expect(screen.queryByRole('complementary', { name: 'Advertisement' })).not.toBeInTheDocument();

    GET.mockResolvedValue(offer(bannerAd));
    await advance(4_999);
    expect(adRequests('banner')).toBe(1);
    await advance(1);

    expect(adRequests('banner')).toBe(2);
    expect(screen.getByRole('img', { name: 'Sunset Festival' })).toBeInTheDocument();
    await advance(20_000);
    expect(adRequests('banner')).toBe(2);
  });

  it('only logs a failed request, and tries again 2 s later', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    GET.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(offer(bannerAd));
    renderWith(<ads.BannerAd />);
    await advance(0);

    expect(warned).toHaveBeenCalledWith('The banner ad could not be loaded', expect.any(TypeError));
    expect(screen.queryByRole('complementary', { name: 'Advertisement' })).not.toBeInTheDocument();
    await advance(2_000);

    expect(adRequests('banner')).toBe(2);
    expect(screen.getByRole('img', { name: 'Sunset Festival' })).toBeInTheDocument();
  });

  it("loads the ad network's script once, and only logs its failure", async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    GET.mockResolvedValue(offer(null, 'https://ads.example/network.js'));
    renderWith(<ads.BannerAd />);
    await advance(0);
    await advance(5_000);

    const scripts = document.head.querySelectorAll('script[src="https://ads.example/network.js"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toHaveProperty('async', true);
    // The network fills the banner's place itself.
    const banner = screen.getByRole('complementary', { name: 'Advertisement' });
    expect(banner.querySelector('[data-ad-slot="banner"][data-ad-format="horizontal"]')).toBeInTheDocument();

    fireEvent.error(scripts[0] as HTMLScriptElement);
    expect(warned).toHaveBeenCalledWith('The ad network script could not be loaded', 'https://ads.example/network.js');
  });
});

describe('PopupAd', () => {
  function popup() {
    return screen.queryByRole('dialog', { name: 'Advertisement' });
  }

  it('appears 30 s after the signed-in area opens, in a 250 px place, and closes for good', async () => {
    GET.mockResolvedValue(offer(popupAd));
    renderWith(<ads.PopupAd />);
    await advance(29_999);
    expect(popup()).not.toBeInTheDocument();
    expect(adRequests('popup')).toBe(0);

    await advance(1);

    const dialog = screen.getByRole('dialog', { name: 'Advertisement' });
    expect(within(dialog).getByRole('link', { name: 'Vinyl Week' })).toHaveAttribute('rel', 'noopener noreferrer sponsored');
    expect(dialog.querySelector('[data-ad-slot="popup"]')).toHaveStyle({ minHeight: '250px' });

    fireEvent.click(screen.getByRole('button', { name: 'Close ad' }));
    expect(popup()).not.toBeInTheDocument();
    await advance(60_000);
    expect(popup()).not.toBeInTheDocument();
  });

  it('appears early once the reader scrolls past half the page', async () => {
    GET.mockResolvedValue(offer(popupAd));
    renderWith(<ads.PopupAd />);
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 2_800 });
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
    const scrollTo = (y: number) => {
      vi.spyOn(window, 'scrollY', 'get').mockReturnValue(y);
      fireEvent.scroll(window);
    };
    await advance(5_000);

    scrollTo(1_000);
    await advance(0);
    expect(popup()).not.toBeInTheDocument();

    scrollTo(1_200);
    await advance(0);
    expect(popup()).toBeInTheDocument();
  });

  it('shows once per page load, even when the ads are shown again', async () => {
    GET.mockResolvedValue(offer(popupAd));
    const { unmount } = renderWith(<ads.PopupAd />);
    await advance(30_000);
    expect(popup()).toBeInTheDocument();
    unmount();

    renderWith(<ads.PopupAd />);
    await advance(60_000);

    expect(popup()).not.toBeInTheDocument();
  });

  it('does not appear without an ad to show', async () => {
    GET.mockResolvedValue(offer(null));
    renderWith(<ads.PopupAd />);
    await advance(30_000);

    expect(adRequests('popup')).toBe(1);
    expect(popup()).not.toBeInTheDocument();
  });
});
