/** "1 follower", "3 followers": the users who follow a public playlist. */
export function followerCountLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'follower' : 'followers'}`;
}

/** "45 sec", "42 min" or "1 hr 5 min": how long a playlist plays. Under a minute it reads in seconds. */
export function totalLengthLabel(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  if (whole < 60) return `${whole} sec`;
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} hr ${minutes % 60} min`;
}
