const letterOrDigit = /[\p{L}\p{N}]/u;

/** One or two initials: the first letter of the first word and of the last word ("Ada Lovelace" -> "AL"). */
export function initialsOf(name: string): string {
  const firstLetters = name
    .trim()
    .split(/\s+/)
    .map((word) => Array.from(word).find((character) => letterOrDigit.test(character)))
    .filter((letter): letter is string => letter !== undefined);
  const first = firstLetters[0];
  if (first === undefined) return '?';
  const last = firstLetters.length > 1 ? firstLetters[firstLetters.length - 1] : '';
  return `${first}${last ?? ''}`.toLocaleUpperCase();
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
