import { useState, type SubmitEvent } from 'react';
import { useSearchParams } from 'react-router';
import { TrackList } from '@/components/tracks/TrackRow';
import { Button } from '@/components/ui/Button';
import { LoadError } from '@/components/ui/LoadError';
import { LoadMoreButton } from '@/components/ui/LoadMoreButton';
import { Spinner } from '@/components/ui/Spinner';
import { SEARCH_MAX_CHARS } from '@/lib/search';
import { trackCountLabel } from '@/lib/trackCount';
import { useTrackSearch } from './api/tracks';
import { CatalogMessage } from './components/CatalogMessage';

function ExploreSearch({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const [text, setText] = useState(query);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className="flex gap-2" onSubmit={submit}>
      <input
        type="search"
        aria-label="Search tracks"
        placeholder="Title, artist, album or genre"
        value={text}
        maxLength={SEARCH_MAX_CHARS}
        onChange={(event) => {
          setText(event.target.value);
        }}
        className="h-11 w-full min-w-0 rounded-full border border-white/10 bg-white/5 px-5 text-sm text-white placeholder:text-zinc-500 focus:border-brand-soft focus:bg-night/60 focus:outline-none"
      />
      <Button type="submit">Search</Button>
    </form>
  );
}

/**
 * The count beside the heading. A search answers its total (exact up to 1,000, else "1,000+");
 * the whole catalogue pages through without one, so a list with more to load says "50+".
 */
function trackCount(
  first: { total?: number | null; total_is_lower_bound?: boolean } | undefined,
  loaded: number,
  hasMore: boolean,
): string {
  const total = first?.total;
  if (typeof total === 'number') {
    return first?.total_is_lower_bound === true
      ? `${total.toLocaleString('en-US')}+ tracks`
      : trackCountLabel(total);
  }
  return hasMore ? `${loaded}+ tracks` : trackCountLabel(loaded);
}

function ExploreResults({ query }: { query: string }) {
  const search = useTrackSearch(query);
  const heading = query === '' ? 'All Tracks' : `Results for "${query}"`;

  if (search.data === undefined) {
    if (!search.isError) return <Spinner label="Loading tracks…" />;
    return (
      <LoadError
        title="We couldn't load the tracks."
        error={search.error}
        onRetry={() => {
          void search.refetch();
        }}
      />
    );
  }

  const tracks = search.data.pages.flatMap((page) => page.tracks);
  const count = trackCount(search.data.pages[0], tracks.length, search.hasNextPage);
  return (
    <section aria-labelledby="explore-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="explore-heading" className="min-w-0 text-xl font-bold break-words text-white">
          {heading}
        </h2>
        <p className="text-sm text-zinc-400">{count}</p>
      </div>
      {tracks.length === 0 ? (
        <CatalogMessage title="No tracks found">
          {query === '' ? 'Nobody has uploaded a track yet.' : 'Try another title, artist, album or genre.'}
        </CatalogMessage>
      ) : (
        <TrackList tracks={tracks} label={heading} />
      )}
      <LoadMoreButton list={search} />
      {search.isRefetchError ? (
        <p role="alert" className="text-center text-sm break-words text-red-300">
          {search.error.message}
        </p>
      ) : null}
    </section>
  );
}

/** /explore (?q): the whole catalogue newest first, or what matches the search. */
export function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const search = (next: string) => {
    setParams(next === '' ? {} : { q: next });
  };
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <title>Explore · Backbeat</title>
      <header className="space-y-4">
        <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">Explore</h1>
        {/* A search from the top bar changes ?q: the box starts again from it. */}
        <ExploreSearch key={query} query={query} onSearch={search} />
      </header>
      <ExploreResults query={query} />
    </div>
  );
}
