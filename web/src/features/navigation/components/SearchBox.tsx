import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_MAX_CHARS } from '@/lib/search';

interface SearchBoxProps {
  /** Called after a search was started, e.g. to fold the box away on a phone. */
  onSearch?: () => void;
  autoFocus?: boolean;
}

export function SearchIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="11" cy="11" r="6.5" />
      <path strokeLinecap="round" d="m16 16 4.5 4.5" />
    </svg>
  );
}

/** Searches the catalogue: the trimmed text goes to /explore?q=…; empty text does nothing. */
export function SearchBox({ onSearch, autoFocus }: SearchBoxProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    if (query === '') return;
    void navigate(`/explore?${new URLSearchParams({ q: query }).toString()}`);
    onSearch?.();
  };

  return (
    <form role="search" className="relative w-full" onSubmit={submit}>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-4.5 -translate-y-1/2 text-zinc-500" />
      <input
        type="search"
        aria-label="Search"
        placeholder="Search tracks, artists, albums..."
        value={text}
        maxLength={SEARCH_MAX_CHARS}
        autoFocus={autoFocus}
        onChange={(event) => {
          setText(event.target.value);
        }}
        className="h-10 w-full min-w-0 rounded-full border border-white/10 bg-white/5 pr-4 pl-10 text-sm text-white placeholder:text-zinc-500 focus:border-brand-soft focus:bg-night/60 focus:outline-none"
      />
    </form>
  );
}
