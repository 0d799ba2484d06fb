const units = ['B', 'KB', 'MB', 'GB', 'TB'];

/** A size for people: '812 KB', '4.2 MB', '1.3 GB'. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit] ?? 'B'}`;
}

/** Hours of audio for people: '10 hours', '7.5 hours', '1 hour', '45 minutes'. */
export function formatHours(seconds: number): string {
  if (seconds < 3600) {
    const minutes = Math.floor(seconds / 60);
    return `${String(minutes)} minute${minutes === 1 ? '' : 's'}`;
  }
  const hours = Math.floor((seconds / 3600) * 10) / 10;
  return `${String(hours)} hour${hours === 1 ? '' : 's'}`;
}
