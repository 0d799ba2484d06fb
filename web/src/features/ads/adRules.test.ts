import { describe, expect, it } from 'vitest';
import {
  adSlotStep,
  checkDelayMs,
  isSubstantial,
  measureContent,
  newAdSlot,
  passedScrollTrigger,
  placeholderMinHeight,
  scrolledShare,
  type AdSlotEvent,
  type AdSlotState,
  type ContentMeasure,
} from './adRules';
import type { Ad } from './api/ads';

const nothing: ContentMeasure = { textLength: 0, images: 0, media: 0, textBlocks: 0 };
const ad: Ad = {
  id: 'ad-1',
  slot: 'banner',
  title: 'Sunset Festival',
  image_url: '/media/ads/1.png',
  click_url: '/api/v1/ads/ad-1/click',
};

function contentOf(html: string): Element {
  const root = document.createElement('main');
  root.innerHTML = html;
  return root;
}

function run(...events: AdSlotEvent[]): AdSlotState {
  return events.reduce(adSlotStep, newAdSlot);
}

const thin: AdSlotEvent = { type: 'checked', substantial: false };
const substantial: AdSlotEvent = { type: 'checked', substantial: true };

describe('isSubstantial', () => {
  it('needs more than 200 characters of text alone', () => {
    expect(isSubstantial({ ...nothing, textLength: 200 })).toBe(false);
    expect(isSubstantial({ ...nothing, textLength: 201 })).toBe(true);
  });

  it('needs more than 100 with images', () => {
    expect(isSubstantial({ ...nothing, textLength: 100, images: 2 })).toBe(false);
    expect(isSubstantial({ ...nothing, textLength: 101, images: 1 })).toBe(true);
  });

  it('needs more than 50 with audio or video', () => {
    expect(isSubstantial({ ...nothing, textLength: 50, media: 1 })).toBe(false);
    expect(isSubstantial({ ...nothing, textLength: 51, media: 1 })).toBe(true);
  });

  it('takes more than 3 text blocks whatever their length', () => {
    expect(isSubstantial({ ...nothing, textLength: 60, textBlocks: 3 })).toBe(false);
    expect(isSubstantial({ ...nothing, textLength: 60, textBlocks: 4 })).toBe(true);
  });
});

describe('measureContent', () => {
  it('counts text with runs of white space as one, images, media and text blocks over 10 characters', () => {
    const root = contentOf(`
      <h1>Night Drive</h1>
      <p>A   track
         about driving</p>
      <p>short</p>
      <ul><li>Midnight Static</li><li>Solo Flight</li></ul>
      <img src="/cover.png" alt=""><audio></audio><video></video>`);

    expect(measureContent(root)).toEqual({
      textLength: 'Night Drive A track about driving short Midnight StaticSolo Flight'.length,
      images: 1,
      media: 2,
      textBlocks: 4,
    });
  });

  it('finds nothing without a root', () => {
    expect(measureContent(null)).toEqual(nothing);
  });

  it('feeds the rule: a loading page is not substantial, a page of text is', () => {
    expect(isSubstantial(measureContent(contentOf('<p>Loading…</p>')))).toBe(false);
    expect(isSubstantial(measureContent(contentOf(`<p>${'word '.repeat(50)}</p>`)))).toBe(true);
  });
});

describe('the ad slot', () => {
  it('checks the content every second and asks for no ad until it is substantial', () => {
    expect(checkDelayMs(newAdSlot)).toBe(1_000);
    expect(run(thin, thin)).toBe(newAdSlot);
    expect(run(thin, substantial)).toEqual({ phase: 'loading', requesting: true });
  });

  it('shows the ad the server answers and then checks no more', () => {
    const shown = run(substantial, { type: 'answered', ad, network: false });
    expect(shown).toEqual({ phase: 'shown', ad });
    expect(checkDelayMs(shown)).toBeNull();
    expect(adSlotStep(shown, substantial)).toBe(shown);
  });

  it('checks every 2 s while loading, asking again after a failed request', () => {
    const loading = run(substantial);
    expect(checkDelayMs(loading)).toBe(2_000);
    expect(adSlotStep(loading, substantial)).toBe(loading);

    const failed = adSlotStep(loading, { type: 'failed' });
    expect(failed).toEqual({ phase: 'loading', requesting: false });
    expect(checkDelayMs(failed)).toBe(2_000);
    expect(adSlotStep(failed, substantial)).toEqual({ phase: 'loading', requesting: true });
  });

  it('checks every 5 s while the server has no ad, asking again to fill the slot', () => {
    const empty = run(substantial, { type: 'answered', ad: null, network: true });
    expect(empty).toEqual({ phase: 'empty', network: true });
    expect(checkDelayMs(empty)).toBe(5_000);
    expect(adSlotStep(empty, substantial)).toEqual({ phase: 'loading', requesting: true });
  });

  it('asks again only beside substantial content', () => {
    const empty = run(substantial, { type: 'answered', ad: null, network: false });
    const failed = run(substantial, { type: 'failed' });
    expect(adSlotStep(empty, thin)).toBe(empty);
    expect(adSlotStep(failed, thin)).toBe(failed);
  });

  it('ignores an answer it did not ask for', () => {
    expect(adSlotStep(newAdSlot, { type: 'answered', ad, network: false })).toBe(newAdSlot);
  });
});

describe('placeholderMinHeight', () => {
  it('keeps 250 px for the rectangle format and 90 px otherwise', () => {
    expect(placeholderMinHeight('rectangle')).toBe(250);
    expect(placeholderMinHeight('horizontal')).toBe(90);
  });
});

describe('the scroll trigger', () => {
  it('measures how far down the scrollable part of the page the reader is', () => {
    expect(scrolledShare(0, 800, 2_800)).toBe(0);
    expect(scrolledShare(1_000, 800, 2_800)).toBe(0.5);
    expect(scrolledShare(2_000, 800, 2_800)).toBe(1);
    expect(scrolledShare(0, 800, 800)).toBe(0);
  });

  it('fires past half the page', () => {
    expect(passedScrollTrigger(1_000, 800, 2_800)).toBe(false);
    expect(passedScrollTrigger(1_001, 800, 2_800)).toBe(true);
    expect(passedScrollTrigger(0, 800, 600)).toBe(false);
  });
});
