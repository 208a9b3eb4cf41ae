import { type RefObject, useLayoutEffect, useState } from 'react';

export interface FixedRowWindow {
  /** The first row to render (inclusive). */
  first: number;
  /** The row after the last one to render (exclusive). */
  end: number;
}

interface WindowOptions {
  count: number;
  rowHeight: number;
  /** Rows rendered beyond the visible ones on each side, so fast scrolling shows no blank rows. */
  overscan: number;
  /** The box's height when the browser has not laid it out (jsdom, or before layout). */
  fallbackHeight: number;
}

/**
 * The rows a box scrolled to `top` and `height` px tall shows, without overscan and not clamped to the
 * list's length: what changes only when a row's edge crosses the box's edge.
 */
function rowsInView(top: number, height: number, rowHeight: number) {
  return { from: Math.floor(top / rowHeight), to: Math.ceil((top + height) / rowHeight) };
}

/** The rows to render for the rows in view: `overscan` more on each side, within the list. */
function rowWindow(
  inView: { from: number; to: number },
  { count, overscan }: Pick<WindowOptions, 'count' | 'overscan'>,
): FixedRowWindow {
  const first = Math.min(count, Math.max(0, inView.from - overscan));
  const end = Math.min(count, Math.max(first, inView.to + overscan));
  return { first, end };
}

/**
 * Which rows of a list whose rows all have one height are in view of its scroll box (`boxRef`; null
 * while the list is empty and shows a text instead). Every row having the same height, no
 * row is ever measured: the window follows from the box's scroll position and height alone, read on
 * scroll and on resize. The state holds the rows in view, not the scroll position, so scrolling
 * within a row re-renders nothing. (It replaced @tanstack/react-virtual, whose measuring of rows of
 * any height the list never used, and whose 10 KB gz was a third of the members page's own code;
 * decision 032.)
 */
export function useFixedRowWindow(
  boxRef: RefObject<HTMLElement | null>,
  options: WindowOptions,
): FixedRowWindow {
  const { count, rowHeight, overscan, fallbackHeight } = options;
  const [inView, setInView] = useState(() => rowsInView(0, fallbackHeight, rowHeight));

  // biome-ignore lint/correctness/useExhaustiveDependencies: the count decides whether the box is there (an empty list shows a text instead), and a list that shrinks while scrolled far down is scrolled back by the browser, which need not say so with a scroll event: read again when it changes
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const read = () => {
      const height = box.clientHeight > 0 ? box.clientHeight : fallbackHeight;
      const next = rowsInView(box.scrollTop, height, rowHeight);
      setInView((previous) => (previous.from === next.from && previous.to === next.to ? previous : next));
    };
    read();
    box.addEventListener('scroll', read, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(read) : null;
    observer?.observe(box);
    return () => {
      box.removeEventListener('scroll', read);
      observer?.disconnect();
    };
  }, [boxRef, count, rowHeight, fallbackHeight]);

  return rowWindow(inView, { count, overscan });
}
