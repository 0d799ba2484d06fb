/**
 * The longest search the server takes, in characters once trimmed (it also takes at most 10
 * words, and says so in its answer when a search has more). An input capped at this length
 * counts UTF-16 units, never fewer than the server's characters, so it never sends a longer one.
 */
export const SEARCH_MAX_CHARS = 200;
