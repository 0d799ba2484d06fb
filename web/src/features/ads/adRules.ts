import type { Ad } from './api/ads';

/** What the page's main content holds, for the rule that decides whether an ad may be requested. */
export interface ContentMeasure {
  /** Characters of text, runs of white space counted as one. */
  textLength: number;
  images: number;
  /** Audio and video elements. */
  media: number;
  /** Paragraphs, headings, list items and the like with more than 10 characters of text. */
  textBlocks: number;
}

const textBlockSelector = 'p, h1, h2, h3, h4, h5, h6, li, blockquote, td, dd, figcaption';

function textOf(node: Node): string {
  return (node.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Measures the content under `root`; an absent root has none. */
export function measureContent(root: Element | null): ContentMeasure {
  if (!root) return { textLength: 0, images: 0, media: 0, textBlocks: 0 };
  const blocks = Array.from(root.querySelectorAll(textBlockSelector));
  return {
    textLength: textOf(root).length,
    images: root.querySelectorAll('img').length,
    media: root.querySelectorAll('audio, video').length,
    textBlocks: blocks.filter((block) => textOf(block).length > 10).length,
  };
}

/**
 * An ad goes only beside substantial content, that is text over 200 characters, or
 * over 100 with images, or over 50 with audio or video, or more than 3 text blocks over 10 characters.
 */
export function isSubstantial({ textLength, images, media, textBlocks }: ContentMeasure): boolean {
  return textLength > 200 || (images > 0 && textLength > 100) || (media > 0 && textLength > 50) || textBlocks > 3;
}

/** The content check runs every second until the content is substantial. */
export const CONTENT_CHECK_MS = 1_000;
/** Then a slot checks again every 2 s while its ad is loading (a failed request is sent again)... */
export const RETRY_WHILE_LOADING_MS = 2_000;
/** ...and every 5 s while it is empty (an ad added to the inventory later fills it). */
export const RETRY_MS = 5_000;

/**
 * One ad slot:
 * - `awaiting-content`: no ad asked for until the page's content is substantial;
 * - `loading`: an ad is asked for (`requesting`), or the last request failed and is tried again;
 * - `empty`: the server has no ad for the slot; `network`: an ad network may fill it instead;
 * - `shown`: an ad is on the page; the slot is done.
 */
export type AdSlotState =
  | { phase: 'awaiting-content' }
  | { phase: 'loading'; requesting: boolean }
  | { phase: 'empty'; network: boolean }
  | { phase: 'shown'; ad: Ad };

export type AdSlotEvent =
  /** A check ran; `substantial`: what the content rule said of the page at that moment. */
  | { type: 'checked'; substantial: boolean }
  | { type: 'answered'; ad: Ad | null; network: boolean }
  | { type: 'failed' };

export const newAdSlot: AdSlotState = { phase: 'awaiting-content' };

const requesting: AdSlotState = { phase: 'loading', requesting: true };

export function adSlotStep(state: AdSlotState, event: AdSlotEvent): AdSlotState {
  switch (event.type) {
    case 'checked': {
      const mayRequest =
        state.phase === 'awaiting-content' ||
        state.phase === 'empty' ||
        (state.phase === 'loading' && !state.requesting);
      return mayRequest && event.substantial ? requesting : state;
    }
    case 'answered':
      if (state.phase !== 'loading') return state;
      return event.ad ? { phase: 'shown', ad: event.ad } : { phase: 'empty', network: event.network };
    case 'failed':
      return state.phase === 'loading' ? { phase: 'loading', requesting: false } : state;
  }
}

/** How long until a slot checks again; null once its ad is shown. */
export function checkDelayMs(state: AdSlotState): number | null {
  switch (state.phase) {
    case 'awaiting-content':
      return CONTENT_CHECK_MS;
    case 'loading':
      return RETRY_WHILE_LOADING_MS;
    case 'empty':
      return RETRY_MS;
    case 'shown':
      return null;
  }
}

/** The banner is the horizontal format, the pop-up the rectangle one. */
export type AdFormat = 'horizontal' | 'rectangle';

/** The height an ad's place keeps while its image loads: 250 px for the rectangle format, else 90 px. */
export function placeholderMinHeight(format: AdFormat): number {
  return format === 'rectangle' ? 250 : 90;
}

/** The pop-up appears 30 s after the signed-in area opens... */
export const POPUP_DELAY_MS = 30_000;
/** ...or as soon as the reader has scrolled past half the page. */
export const POPUP_SCROLL_SHARE = 0.5;

/** How far down the page the reader has scrolled, from 0 (top) to 1 (bottom); 0 on a page that does not scroll. */
export function scrolledShare(scrollTop: number, viewportHeight: number, pageHeight: number): number {
  const scrollable = pageHeight - viewportHeight;
  return scrollable > 0 ? Math.min(1, Math.max(0, scrollTop / scrollable)) : 0;
}

export function passedScrollTrigger(scrollTop: number, viewportHeight: number, pageHeight: number): boolean {
  return scrolledShare(scrollTop, viewportHeight, pageHeight) > POPUP_SCROLL_SHARE;
}
