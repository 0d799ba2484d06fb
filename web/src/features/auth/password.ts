/** The server's password policy: at least this many characters. */
export const MIN_PASSWORD_LENGTH = 6;

export const passwordHint = `At least ${MIN_PASSWORD_LENGTH} characters.`;
