/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveTrack<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  const moved = [...items];
  const [item] = moved.splice(index, 1);
  if (item === undefined || target < 0 || target >= items.length) return [...items];
  moved.splice(target, 0, item);
  return moved;
}
