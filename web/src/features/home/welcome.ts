/** How long after sign-up the welcome line greets a new member rather than one coming back. */
export const NEW_ACCOUNT_MS = 60 * 60 * 1000;

/** The name a profile is given when its user chose none at sign-up: the address's local part. */
function defaultNameFor(email: string): string {
  return (email.split('@')[0] ?? email).trim();
}

/**
 * What the welcome line calls the listener: the first word of the name they chose, or 'Music
 * Lover' when they chose none (a profile made without a name carries the address's local part,
 * which is not a name to greet anyone by).
 */
export function listenerFirstName(profileName: string | null | undefined, email?: string | null): string {
  const name = (profileName ?? '').trim();
  if (email && (name === email.trim() || name === defaultNameFor(email))) return 'Music Lover';
  const firstWord = name.split(/\s+/)[0] ?? '';
  return firstWord === '' ? 'Music Lover' : firstWord;
}

/** 'Welcome' for an account made within the last hour, 'Welcome back' for everyone else. */
export function welcomeWords(createdAt: string | null | undefined, now: number = Date.now()): string {
  const created = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isFinite(created) && now - created < NEW_ACCOUNT_MS ? 'Welcome' : 'Welcome back';
}
