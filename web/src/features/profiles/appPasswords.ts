import { errorCatalogue } from '@/api/errors';

/**
 * The longest name an app password may have: the server allows 64 characters, and the field's
 * limit, in UTF-16 units, never lets through more.
 */
export const APP_PASSWORD_NAME_MAX = 64;

/**
 * Why `name` cannot name an app password, or null when it can (the field keeps it short enough;
 * the server's other refusals come back with its own message).
 */
export function appPasswordNameProblem(name: string): string | null {
  if (name.trim() === '') return errorCatalogue.app_password_name_required.message;
  return null;
}

/** 'Created Nov 28, 2026'. `timeZone` is the browser's unless given. */
export function createdLabel(createdAt: string, timeZone?: string): string {
  const date = new Date(createdAt).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone });
  return `Created ${date}`;
}

/** 'Last used Nov 28, 2026, 10:42 PM', or 'Never used'. `timeZone` is the browser's unless given. */
export function lastUsedLabel(lastUsedAt: string | null, timeZone?: string): string {
  if (lastUsedAt === null) return 'Never used';
  const when = new Date(lastUsedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  // Newer ICU puts a narrow no-break space before AM/PM: one label, whichever ICU formats it.
  return `Last used ${when.replace(/\u202f/g, ' ')}`;
}
