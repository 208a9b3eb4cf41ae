import { useLayoutEffect, useRef, useState } from 'react';

/**
 * For a menu loaded by its first click (lazyPopup in lazy-view.tsx): the menu's own button replaced
 * the plain one that had the focus, so it takes the focus, then the menu opens; focusing first makes
 * closing the menu return the focus to this button. Returns the button's ref and the opened state.
 */
export function useMenuOpenedOnMount() {
  const [opened, setOpened] = useState(false);
  const targetRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    targetRef.current?.focus();
    setOpened(true);
  }, []);
  return { opened, setOpened, targetRef };
}
