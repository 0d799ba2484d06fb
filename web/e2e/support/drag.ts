import type { Locator, Page } from 'playwright-core';

const STEPS = 12;

interface Point {
  x: number;
  y: number;
}

/**
 * The middle of `locator` once it has stopped moving: the page may still be laying out what it
 * just loaded (a cover, a control), and a drag started from a stale point misses its handle.
 */
async function settledCentreOf(locator: Locator): Promise<Point> {
  let previous = '';
  for (let attempt = 0; attempt < 50; attempt++) {
    const box = await locator.boundingBox();
    if (!box) throw new Error('the element to drag from or to is not on screen');
    const current = JSON.stringify(box);
    if (current === previous) return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    previous = current;
    await locator.page().waitForTimeout(100);
  }
  throw new Error('the element to drag from or to kept moving');
}

/** Where a drag starts, and the points it passes to a little beyond `target`'s middle. */
async function dragPath(handle: Locator, target: Locator): Promise<{ start: Point; moves: Point[] }> {
  await target.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const start = await settledCentreOf(handle);
  const to = await settledCentreOf(target);
  const endY = to.y + Math.sign(to.y - start.y) * 12;
  const moves = Array.from({ length: STEPS }, (_, step) => ({ x: start.x, y: start.y + ((endY - start.y) * (step + 1)) / STEPS }));
  return { start, moves };
}

/** Drags `handle` with the mouse to the height of `target`, in small moves as a hand does. */
export async function dragWithMouse(page: Page, handle: Locator, target: Locator): Promise<void> {
  const { start, moves } = await dragPath(handle, target);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (const point of moves) await page.mouse.move(point.x, point.y);
  await page.mouse.up();
}

/** Drags `handle` with a finger (real touch input, on a page opened with `touch`) to the height of `target`. */
export async function dragWithFinger(page: Page, handle: Locator, target: Locator): Promise<void> {
  const { start, moves } = await dragPath(handle, target);
  const input = await page.context().newCDPSession(page);
  await input.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
  for (const point of moves) await input.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  await input.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await input.detach();
}
