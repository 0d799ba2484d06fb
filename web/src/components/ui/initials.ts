const letterOrDigit = /[\p{L}\p{N}]/u;

/** A leading article is not an initial: "The Driftwood Trio" is "DT". */
const leadingArticles = new Set(['the', 'a', 'an']);

/**
 * One or two initials: the first letter of the first word and of the last word ("Ada Lovelace" ->
 * "AL"), after a leading article when more words follow. The server draws the same initials on
 * the demo covers (`initials_of` in crates/demo-content/src/art.rs); both are tested against
 * initials.cases.json.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/);
  const first = words[0];
  if (words.length > 1 && first !== undefined && leadingArticles.has(first.toLocaleLowerCase())) {
    words.shift();
  }
  const firstLetters = words
    .map((word) => Array.from(word).find((character) => letterOrDigit.test(character)))
    .filter((letter): letter is string => letter !== undefined);
  const initial = firstLetters[0];
  if (initial === undefined) return '?';
  const last = firstLetters.length > 1 ? firstLetters[firstLetters.length - 1] : '';
  return `${initial}${last ?? ''}`.toLocaleUpperCase();
}

/** A colour that belongs to the name: the same name always gets the same hue. */
export function avatarColorOf(name: string): string {
  let hash = 0;
  for (const character of name.trim().toLocaleLowerCase()) {
    hash = (Math.imul(hash, 31) + (character.codePointAt(0) ?? 0)) | 0;
  }
  const hue = Math.abs(hash) % 360;
  return `hsl(${hue} 55% 40%)`;
}
