/**
 * Recovery codes: ten one-time codes that stand in for the authenticator app's code at login, shown
 * once when two-factor authentication is turned on and each time a new set is made.
 */

/**
 * The recovery codes in the answer that verified the account's first factor (`recovery_codes`,
 * beside the session). Another answer carries none: then the list is empty.
 */
export function recoveryCodesIn(answer: unknown): string[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const codes = (answer as { recovery_codes?: unknown }).recovery_codes;
  if (!Array.isArray(codes)) return [];
  return codes.filter((code): code is string => typeof code === 'string');
}

/** The text file the Download button saves: what the codes are, when they were made, one code a line. */
export function recoveryCodesFileText(codes: readonly string[], madeAt: Date): string {
  return [
    'Backbeat recovery codes',
    '',
    'Each code logs you in once if you lose your phone: at the code step, choose',
    '"Use a recovery code instead". Making new codes stops these from working.',
    `Made on ${madeAt.toISOString().slice(0, 10)}.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

/** "10 recovery codes left", "1 recovery code left", "No recovery codes left". */
export function recoveryCodesLeftLabel(remaining: number): string {
  if (remaining === 0) return 'No recovery codes left';
  return `${remaining} recovery ${remaining === 1 ? 'code' : 'codes'} left`;
}
