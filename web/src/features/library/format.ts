/** "1 track", "24 tracks". */
export function trackCountLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'track' : 'tracks'}`;
}

/** "42 min" or "1 hr 5 min": how long a playlist plays. */
export function totalLengthLabel(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} hr ${minutes % 60} min`;
}
