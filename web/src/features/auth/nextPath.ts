const HOME = '/home';
const BASE = 'https://backbeat.invalid';

/** Pages a signed-in visitor is sent away from; returning to them would loop. */
const authPages = new Set(['/login', '/signup', '/forgot-password', '/reset-password', '/confirm']);

/**
 * Where to go after signing in: the `next` query value when it is a path on this site (a single
 * leading slash, so never another host), else /home.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return HOME;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return HOME;
  }
  if (url.origin !== BASE || authPages.has(url.pathname)) return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page, remembering the page the visitor wanted. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  return `/login?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}
