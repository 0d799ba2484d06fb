import { useEffect, useState } from 'react';
import { IconButton } from '@/components/ui/IconButton';
import { AdCreative } from './components/AdCreative';
import { AdLabel, AdPlace } from './components/AdPlace';
import { markPopupShown, usePopupTrigger } from './usePopupTrigger';
import { useAdSlot } from './useAdSlot';

/*
 * The free plan's ads. The app loads this module on its own (React.lazy) and only for a user on
 * the free plan, so a paid plan's browser never downloads it, asks for an ad or loads a network
 * script.
 */

/** The banner above the page: the horizontal format. */
export function BannerAd() {
  const slot = useAdSlot('banner');
  if (slot.phase !== 'shown' && !(slot.phase === 'empty' && slot.network)) return null;
  return (
    <aside aria-label="Advertisement" className="rounded-2xl border border-line bg-surface/60 px-3 pt-1.5 pb-2">
      <AdLabel />
      <AdPlace slot="banner" format="horizontal">
        {slot.phase === 'shown' ? (
          <AdCreative ad={slot.ad} imageClassName="mx-auto h-[90px] w-auto max-w-full object-contain" />
        ) : null}
      </AdPlace>
    </aside>
  );
}

function PopupCard({ onClose }: { onClose: () => void }) {
  const slot = useAdSlot('popup');
  const shown = slot.phase === 'shown';

  useEffect(() => {
    if (shown) markPopupShown();
  }, [shown]);

  if (slot.phase !== 'shown') return null;
  return (
    <div
      role="dialog"
      aria-label="Advertisement"
      className="fixed top-20 right-4 z-40 w-[min(20rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface-raised p-3 shadow-2xl shadow-black/50"
    >
      <div className="flex items-center justify-between">
        <AdLabel />
        <IconButton label="Close ad" onClick={onClose}>
          <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path strokeLinecap="round" d="M5 5l10 10M15 5 5 15" />
          </svg>
        </IconButton>
      </div>
      <AdPlace slot="popup" format="rectangle">
        <AdCreative ad={slot.ad} imageClassName="h-[250px] w-full object-contain" />
      </AdPlace>
    </div>
  );
}

/**
 * The pop-up: the rectangle format, 30 s after the signed-in area opens or once the reader has
 * scrolled past half the page, once per page load. It does not take the focus or block the page.
 */
export function PopupAd() {
  const due = usePopupTrigger();
  const [closed, setClosed] = useState(false);
  if (!due || closed) return null;
  return (
    <PopupCard
      onClose={() => {
        setClosed(true);
      }}
    />
  );
}
