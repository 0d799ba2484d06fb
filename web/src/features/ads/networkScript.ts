const injected = new Set<string>();

/**
 * Loads the configured ad network's script once per page load (`<script async src>`). Whether it
 * loads or not, the app goes on: a failure is only logged.
 */
export function loadNetworkScript(url: string): void {
  if (injected.has(url)) return;
  injected.add(url);
  const script = document.createElement('script');
  script.async = true;
  script.src = url;
  script.addEventListener('error', () => {
    console.warn('The ad network script could not be loaded', url);
  });
  document.head.append(script);
}
