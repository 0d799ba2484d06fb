import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { SearchBox } from './SearchBox';

function ExploreStandIn() {
  const location = useLocation();
  return <p>{`${location.pathname}${location.search}`}</p>;
}

function renderSearchBox() {
  return renderRoute(<SearchBox />, { url: '/home', otherRoutes: [{ path: '/explore', element: <ExploreStandIn /> }] });
}

describe('SearchBox', () => {
  it('shows the placeholder', () => {
    renderSearchBox();

    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search tracks, artists, albums...',
    );
  });

  it("takes at most the server's 200 characters", () => {
    renderSearchBox();

    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('maxlength', '200');
  });

  it('searches for the trimmed text on /explore', async () => {
    const { user, router } = renderSearchBox();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '  night drive & co  {Enter}');

    expect(router.state.location.pathname).toBe('/explore');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('night drive & co');
  });

  it('ignores empty text', async () => {
    const { user, router } = renderSearchBox();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '   {Enter}');

    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
  });
});
