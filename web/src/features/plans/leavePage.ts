/** Leaves the app for `url` (the hosted checkout page), as a full page load. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
