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
  /** The scroll box's height, as the list sets it: the window never asks the browser for it. */
  boxHeight: number;
}

/** Where the box is scrolled, in rows: its top row, and whether it is scrolled part-way into it. */
interface ScrolledTo {
  row: number;
  partWay: boolean;
}

/**
 * The rows to render: those a box scrolled to `scrolled` shows (one more at its foot when it is
 * scrolled part-way into its top row), `overscan` more on each side, within the list. A list that
 * shrank while scrolled far down is scrolled back by the browser, as far as its new height allows,
 * which need not say so with a scroll event: the top row is held to that limit here.
 */
function rowWindow(
  scrolled: ScrolledTo,
  { count, rowHeight, overscan, boxHeight }: WindowOptions,
): FixedRowWindow {
  const lastRow = Math.max(0, Math.ceil((count * rowHeight - boxHeight) / rowHeight));
  const beyond = scrolled.row > lastRow || (scrolled.row === lastRow && scrolled.partWay);
  const from = beyond ? lastRow : scrolled.row;
  const to = from + Math.ceil(boxHeight / rowHeight) + (!beyond && scrolled.partWay ? 1 : 0);
  const first = Math.min(count, Math.max(0, from - overscan));
  const end = Math.min(count, Math.max(first, to + overscan));
  return { first, end };
}

const AT_THE_TOP: ScrolledTo = { row: 0, partWay: false };

/**
 * Which rows of a list whose rows all have one height are in view of its scroll box (`boxRef`; null
 * while the list is empty and shows a text instead). Every row having the same height and the box
 * the height the list gives it, nothing is measured: the window follows from the box's scroll
 * position alone, read on scroll. The state holds the top row (and whether the box is scrolled
 * part-way into it), not the scroll position, so scrolling within a row re-renders nothing.
 *
 * It never reads the layout while React commits: reading the box's height there forced the whole
 * page's layout in the middle of the commit, and the window it then set re-rendered the list and
 * laid the page out a second time, 180-290 ms of the members page's first load under Lighthouse's
 * 4x slowdown (decision 036). (It replaced @tanstack/react-virtual, whose measuring of rows of any
 * height the list never used; decision 032.)
 */
export function useFixedRowWindow(
  boxRef: RefObject<HTMLElement | null>,
  options: WindowOptions,
): FixedRowWindow {
  const { count, rowHeight } = options;
  const [scrolled, setScrolled] = useState(AT_THE_TOP);
  const hasBox = count > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the box is there only while the list has rows (an empty list shows a text instead): listen again when it comes back
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const onScroll = () => {
      const top = box.scrollTop;
      const next = { row: Math.floor(top / rowHeight), partWay: top % rowHeight > 0 };
      setScrolled((previous) =>
        previous.row === next.row && previous.partWay === next.partWay ? previous : next,
      );
    };
    box.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      box.removeEventListener('scroll', onScroll);
      // A box that comes back is a new one, at its top.
      setScrolled(AT_THE_TOP);
    };
  }, [boxRef, rowHeight, hasBox]);

  return rowWindow(scrolled, options);
}
