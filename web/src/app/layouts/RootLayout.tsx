import { Outlet, ScrollRestoration } from 'react-router';

/** Wraps every route. New pages start at the top; going back restores where the reader was. */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
