/** The message of a failed attempt: the server's words when it sent some, else the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
