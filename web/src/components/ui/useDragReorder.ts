import { useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';

interface Drag {
  from: number;
  pointerId: number;
  startY: number;
  /** How far the pointer has moved since the drag began, in px. */
  offset: number;
  /** Where each item's top and bottom were when the drag began. */
  spans: { top: number; bottom: number }[];
}

/** Where the dragged item lands: after every other item whose middle its own middle has passed. */
function targetOf({ from, offset, spans }: Drag): number {
  const dragged = spans[from];
  if (!dragged) return from;
  const middle = (dragged.top + dragged.bottom) / 2 + offset;
  return spans.filter((span, index) => index !== from && (span.top + span.bottom) / 2 < middle).length;
}

/** How far an item moves to make room: from one item's top to the next's (its height and the gap). */
function slotOf({ from, spans }: Drag): number {
  const dragged = spans[from];
  const neighbour = spans[from + 1] ?? spans[from - 1];
  if (!dragged) return 0;
  return neighbour ? Math.abs(neighbour.top - dragged.top) : dragged.bottom - dragged.top;
}

/** Where the item at `index` is drawn while `drag` goes on: the dragged one under the pointer, the ones it passed a slot over. */
function shiftOf(drag: Drag, index: number): number {
  if (index === drag.from) return drag.offset;
  const to = targetOf(drag);
  if (drag.from < to && index > drag.from && index <= to) return -slotOf(drag);
  if (to < drag.from && index >= to && index < drag.from) return slotOf(drag);
  return 0;
}

export interface DragReorder {
  /** For the item at `index`: measured when a drag begins, drawn where it is being moved. */
  itemProps: (index: number) => { ref: (element: HTMLElement | null) => void; style: CSSProperties; 'data-dragging'?: true };
  /** For the handle of the item at `index`: a pointer (mouse, pen or finger) drags it, the up and down arrow keys move it by one. */
  handleProps: (index: number) => {
    ref: (element: HTMLElement | null) => void;
    style: CSSProperties;
    onPointerDown: (event: PointerEvent<HTMLElement>) => void;
    onPointerMove: (event: PointerEvent<HTMLElement>) => void;
    onPointerUp: (event: PointerEvent<HTMLElement>) => void;
    onPointerCancel: () => void;
    onLostPointerCapture: () => void;
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  };
}

/**
 * Reordering a list by dragging its items' handles, with pointer events so that a mouse and a
 * finger work alike (the handle takes no touch scrolling), and with the arrow keys on a focused
 * handle; focus follows the moved item. The list has `count` items; `onMove(from, to)` is called
 * once per drop or key press.
 */
export function useDragReorder(count: number, onMove: (from: number, to: number) => void): DragReorder {
  const [drag, setDragShown] = useState<Drag | null>(null);
  // The handlers read the drag from here: pointer events can come faster than renders.
  const dragging = useRef<Drag | null>(null);
  const setDrag = (next: Drag | null) => {
    dragging.current = next;
    setDragShown(next);
  };
  const items = useRef<(HTMLElement | null)[]>([]);
  const handles = useRef<(HTMLElement | null)[]>([]);
  const focusAfterMove = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (focusAfterMove.current === null) return;
    handles.current[focusAfterMove.current]?.focus();
    focusAfterMove.current = null;
  });

  /** Ends the drag; with `droppedAt` (where the pointer was let go), the item moves there. */
  const end = (droppedAt?: number) => {
    const current = dragging.current;
    if (!current) return;
    setDrag(null);
    if (droppedAt === undefined) return;
    const to = targetOf({ ...current, offset: droppedAt - current.startY });
    if (to !== current.from) onMove(current.from, to);
  };

  return {
    itemProps: (index) => {
      const moving = drag?.from === index;
      return {
        ref: (element) => {
          items.current[index] = element;
        },
        style: drag
          ? {
              transform: `translateY(${String(shiftOf(drag, index))}px)`,
              transition: moving ? 'none' : 'transform 150ms ease',
              position: 'relative',
              zIndex: moving ? 1 : undefined,
            }
          : {},
        ...(moving ? { 'data-dragging': true as const } : {}),
      };
    },
    handleProps: (index) => ({
      ref: (element) => {
        handles.current[index] = element;
      },
      style: { touchAction: 'none', cursor: drag ? 'grabbing' : 'grab' },
      onPointerDown: (event) => {
        if (event.button !== 0 || dragging.current) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
        const spans = items.current.slice(0, count).map((item) => {
          const rect = item?.getBoundingClientRect();
          return { top: rect?.top ?? 0, bottom: rect?.bottom ?? 0 };
        });
        setDrag({ from: index, pointerId: event.pointerId, startY: event.clientY, offset: 0, spans });
      },
      onPointerMove: (event) => {
        const current = dragging.current;
        if (current?.pointerId !== event.pointerId) return;
        setDrag({ ...current, offset: event.clientY - current.startY });
      },
      onPointerUp: (event) => {
        if (dragging.current?.pointerId === event.pointerId) end(event.clientY);
      },
      onPointerCancel: () => {
        end();
      },
      onLostPointerCapture: () => {
        end();
      },
      onKeyDown: (event) => {
        const steps: Partial<Record<string, number>> = { ArrowUp: -1, ArrowDown: 1 };
        const step = steps[event.key];
        if (step === undefined || dragging.current) return;
        // The arrow keys are the handle's own: they do not scroll, nor reach the player's shortcuts.
        event.preventDefault();
        const to = index + step;
        if (to < 0 || to >= count) return;
        focusAfterMove.current = to;
        onMove(index, to);
      },
    }),
  };
}
