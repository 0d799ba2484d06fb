import { useEffect, useState } from 'react';
import { passedScrollTrigger, POPUP_DELAY_MS } from './adRules';

let shownThisPageLoad = false;

/** The pop-up shows once per page load: after it has, the trigger never fires again. */
export function markPopupShown(): void {
  shownThisPageLoad = true;
}

/**
 * Whether the pop-up is due: 30 s after the signed-in area opened (this hook's first render), or
 * as soon as the reader scrolls past half the page, whichever comes first.
 */
export function usePopupTrigger(): boolean {
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (shownThisPageLoad) return;
    const fire = () => {
      setDue(true);
    };
    const timer = setTimeout(fire, POPUP_DELAY_MS);
    const onScroll = () => {
      if (passedScrollTrigger(window.scrollY, window.innerHeight, document.documentElement.scrollHeight)) fire();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  return due;
}
