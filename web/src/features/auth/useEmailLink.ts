import { useEffect, useRef, useState } from 'react';
import { auth } from '@/lib/auth';

type EmailLinkState =
  | { status: 'checking' }
  | { status: 'verified' }
  | { status: 'failed'; message: string };

const INCOMPLETE_LINK = 'This link is incomplete. Open the link from the email again.';

/**
 * Redeems the token of a link the server mailed (password reset or email confirmation), which
 * signs the user in. A token works once, so it is sent once even when React runs effects twice.
 */
export function useEmailLink(type: 'recovery' | 'signup', tokenHash: string | null): EmailLinkState {
  const [state, setState] = useState<EmailLinkState>(
    tokenHash ? { status: 'checking' } : { status: 'failed', message: INCOMPLETE_LINK },
  );
  const sent = useRef(false);

  useEffect(() => {
    if (!tokenHash || sent.current) return;
    sent.current = true;
    void auth.verifyOtp({ type, token_hash: tokenHash }).then(({ error }) => {
      setState(error ? { status: 'failed', message: error.message || 'Email link is invalid or has expired' } : { status: 'verified' });
    });
  }, [type, tokenHash]);

  return state;
}
