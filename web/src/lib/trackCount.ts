/** "1 track", "24 tracks". */
export function trackCountLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'track' : 'tracks'}`;
}
