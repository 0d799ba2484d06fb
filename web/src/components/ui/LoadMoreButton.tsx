import { Button } from './Button';
import { SpinnerMark } from './Spinner';

/** What a paged list (TanStack Query's infinite query) tells the button. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * 'Load more' under a paged list, while more pages exist. While the next page loads it is busy and
 * disabled, with a spinner; when loading fails it says why, and a click tries again.
 */
export function LoadMoreButton({ list, label = 'Load more' }: { list: PagedList; label?: string }) {
  if (!list.hasNextPage) return null;
  const loading = list.isFetchingNextPage;
  return (
    <div className="flex flex-col items-center gap-2 pt-4">
      <Button
        variant="secondary"
        disabled={loading}
        aria-busy={loading}
        onClick={() => {
          void list.fetchNextPage();
        }}
      >
        {loading ? <SpinnerMark className="size-4" /> : null}
        {label}
      </Button>
      {list.isFetchNextPageError && list.error ? (
        <p role="alert" className="text-center text-sm break-words text-red-300">
          {list.error.message}
        </p>
      ) : null}
    </div>
  );
}
