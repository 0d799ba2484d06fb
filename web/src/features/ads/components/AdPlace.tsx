import type { ReactNode } from 'react';
import { placeholderMinHeight, type AdFormat } from '../adRules';
import type { AdSlotName } from '../api/ads';

interface AdPlaceProps {
  slot: AdSlotName;
  format: AdFormat;
  /** The ad; nothing while an ad network fills the place itself. */
  children?: ReactNode;
}

/**
 * Where an ad goes: it keeps its format's height while the image loads, and carries the slot and
 * format for an ad network's script to find it.
 */
export function AdPlace({ slot, format, children }: AdPlaceProps) {
  return (
    <div
      data-ad-slot={slot}
      data-ad-format={format}
      style={{ minHeight: placeholderMinHeight(format) }}
      className="flex items-center justify-center"
    >
      {children}
    </div>
  );
}

/** The small 'Ad' label every ad carries. */
export function AdLabel() {
  return <span className="text-[10px] font-semibold tracking-widest text-zinc-500 uppercase">Ad</span>;
}
