import { createContext, useContext } from 'react';

/**
 * Whether the visitor is signed in, for the pages everyone can open (the landing page, plans,
 * policies): their calls to action differ, and shared code cannot read the session itself. The
 * app provides it at the root of every route.
 */
export const SignedInContext = createContext(false);

export function useSignedIn(): boolean {
  return useContext(SignedInContext);
}
