import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import type { Account } from './account';
import { AppShell } from './AppShell';

const ada: Account = { name: 'Ada Lovelace', email: 'ada@example.com', avatarUrl: null, planLabel: 'Premium Plan' };

function renderShell(account: Account | null, onLogOut = vi.fn(), player?: ReactNode) {
  return renderRoute(
    <AppShell account={account} onLogOut={onLogOut} player={player}>
      <p>Page</p>
    </AppShell>,
    { path: '*', url: '/library?tab=liked' },
  );
}

function sidebarLabels() {
  const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
  return within(sidebar).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('AppShell', () => {
  it('lists every entry in the sidebar for a signed-in user, marking the current page', () => {
    renderShell(ada);

    expect(sidebarLabels()).toEqual([
      ['Home', '/home'],
      ['Explore', '/explore'],
      ['Updates', '/changelog'],
      ['My Library', '/library'],
      ['Upload Music', '/upload'],
      ['Liked Songs', '/library?tab=liked'],
      ['My Payouts', '/payouts'],
      ['Subscription', '/subscription'],
      ['Profile & Settings', '/profile'],
    ]);
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('link', { current: 'page' })).toHaveTextContent('Liked Songs');
  });

  it('shows a signed-out visitor only Updates', () => {
    renderShell(null);

    expect(sidebarLabels()).toEqual([['Updates', '/changelog']]);
  });

  it('offers Log Out in the drawer of a signed-in user', async () => {
    const onLogOut = vi.fn();
    const { user } = renderShell(ada, onLogOut);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Log Out' }));

    expect(onLogOut).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('offers Sign Up and Log In in the drawer of a signed-out visitor', async () => {
    const { user } = renderShell(null);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });

    expect(within(drawer).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(within(drawer).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(within(drawer).queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
    expect(within(drawer).getAllByRole('link', { name: 'Updates' })).toHaveLength(1);
  });

  it('closes the drawer with Escape', async () => {
    const { user } = renderShell(ada);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('shows the user card with the name and the plan, or the email without a name', () => {
    renderShell({ ...ada, name: '' });

    const sidebar = screen.getByRole('complementary');
    expect(within(sidebar).getByRole('link', { name: /ada@example\.com/ })).toHaveTextContent('Premium Plan');
  });

  it('has the four quick links in the bottom bar', () => {
    renderShell(ada);

    const bottomBar = screen.getByRole('navigation', { name: 'Quick links' });
    expect(within(bottomBar).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home',
      'Explore',
      'Library',
      'Upload',
    ]);
  });

  it('places the player at the bottom, above the quick links, outside the page', () => {
    renderShell(ada, vi.fn(), <section aria-label="Player">Now playing</section>);

    const player = screen.getByRole('region', { name: 'Player' });
    const quickLinks = screen.getByRole('navigation', { name: 'Quick links' });
    expect(screen.getByRole('main')).not.toContainElement(player);
    expect(player.compareDocumentPosition(quickLinks) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
