/** The reason to put after a failure's prefix ('Failed to like track: ...'). */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
