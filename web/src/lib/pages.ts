import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';

/** A page of a list as the API answers it: `next_cursor` continues the list, null on the last page. */
export interface CursorPage {
  next_cursor: string | null;
}

/** The cursor of the page after `page`; undefined after the last one (TanStack Query's `getNextPageParam`). */
export function nextCursor(page: CursorPage): string | undefined {
  return page.next_cursor ?? undefined;
}

/**
 * A list read a page at a time with 'Load more': the first page without a cursor, each next one
 * with the cursor of the page before. Refetching (after an invalidation) reads every loaded page again.
 */
export function pagedQueryOptions<Page extends CursorPage, Key extends QueryKey>(
  queryKey: Key,
  fetchPage: (cursor: string | undefined) => Promise<Page>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });
}

/** Every item of the pages loaded so far, in order. */
export function loadedItems<Page, Item>(data: InfiniteData<Page> | undefined, items: (page: Page) => readonly Item[]): Item[] {
  return data?.pages.flatMap(items) ?? [];
}

/** Every page of a list, following `next_cursor` to the end: for the few lists the app needs whole. */
export async function fetchAllPages<Page extends CursorPage>(
  fetchPage: (cursor: string | undefined) => Promise<Page>,
): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    pages.push(page);
    cursor = nextCursor(page);
  } while (cursor !== undefined);
  return pages;
}
