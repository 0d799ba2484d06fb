/** The loudest peak of each of `count` equal stretches of `peaks`. */
export function barsOf(peaks: readonly number[], count: number): number[] {
  if (peaks.length === 0) return [];
  const bars = Math.min(count, peaks.length);
  return Array.from({ length: bars }, (_, bar) => {
    const start = Math.floor((bar * peaks.length) / bars);
    const end = Math.max(start + 1, Math.floor(((bar + 1) * peaks.length) / bars));
    return Math.max(...peaks.slice(start, end));
  });
}
