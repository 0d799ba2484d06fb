/** The reason to put after one of SPEC's prefixes ('Failed to like track: ...'). */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
