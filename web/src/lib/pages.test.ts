import { describe, expect, it, vi } from 'vitest';
import { fetchAllPages, loadedItems, nextCursor } from './pages';

describe('pages', () => {
  it('continues after a page with its cursor and stops after the last', () => {
    expect(nextCursor({ next_cursor: 'abc' })).toBe('abc');
    expect(nextCursor({ next_cursor: null })).toBeUndefined();
  });

  it('reads every page of a list, each with the cursor of the one before', async () => {
    const fetchPage = vi.fn((cursor: string | undefined) =>
      Promise.resolve(
        cursor === undefined ? { ids: [1, 2], next_cursor: 'two' } : { ids: [3], next_cursor: null },
      ),
    );

    const pages = await fetchAllPages(fetchPage);

    expect(fetchPage.mock.calls).toEqual([[undefined], ['two']]);
    expect(loadedItems({ pages, pageParams: [undefined, 'two'] }, (page) => page.ids)).toEqual([1, 2, 3]);
  });

  it('has no items before the first page', () => {
    expect(loadedItems(undefined, (page: { ids: number[] }) => page.ids)).toEqual([]);
  });
});
