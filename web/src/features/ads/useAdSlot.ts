import { useEffect, useReducer } from 'react';
import { adSlotStep, checkDelayMs, isSubstantial, measureContent, newAdSlot, type AdSlotState } from './adRules';
import { fetchAdOffer, type AdSlotName } from './api/ads';
import { loadNetworkScript } from './networkScript';

/** The page's main content, which the content rule reads (the app shell's `<main id="main">`). */
function mainContent(): Element | null {
  return document.getElementById('main');
}

/**
 * Runs one ad slot by the schedule of adRules.ts: checks the page's content at once, then every
 * second until it is substantial, asks for an ad, and keeps checking (every 2 s while loading,
 * 5 s while empty) until one is shown. A failed request is only logged.
 */
export function useAdSlot(slot: AdSlotName): AdSlotState {
  const [state, dispatch] = useReducer(adSlotStep, newAdSlot);
  const delay = checkDelayMs(state);
  const requesting = state.phase === 'loading' && state.requesting;
  const awaitingContent = state.phase === 'awaiting-content';

  useEffect(() => {
    if (delay === null) return;
    const check = () => {
      dispatch({ type: 'checked', substantial: isSubstantial(measureContent(mainContent())) });
    };
    // A new slot looks at the page at once (the pop-up is due now); later checks keep the schedule.
    if (awaitingContent) check();
    const timer = setInterval(check, delay);
    return () => {
      clearInterval(timer);
    };
  }, [delay, awaitingContent]);

  useEffect(() => {
    if (!requesting) return;
    let current = true;
    fetchAdOffer(slot).then(
      (offer) => {
        if (offer.network_script_url) loadNetworkScript(offer.network_script_url);
        if (current) dispatch({ type: 'answered', ad: offer.ad, network: offer.network_script_url !== null });
      },
      (error: unknown) => {
        console.warn(`The ${slot} ad could not be loaded`, error);
        if (current) dispatch({ type: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [requesting, slot]);

  return state;
}
