/** What the welcome line calls the listener: the first word of their profile name, or 'Music Lover'. */
export function listenerFirstName(profileName: string | null | undefined): string {
  const firstWord = (profileName ?? '').trim().split(/\s+/)[0] ?? '';
  return firstWord === '' ? 'Music Lover' : firstWord;
}
