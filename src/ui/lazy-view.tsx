import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';

// Views a user opens (dialogs, editors) load their module the first time they are shown, so a
// page's first visit does not carry Mantine's Modal, the form library and the schemas for them
// (the size budgets). Once loaded they render at once; `preload()` loads ahead (tests). Menus and
// selectors do the same with lazy-popup.tsx, a file of its own so that the pages whose first visit
// has no menu (sign-in, the public pages) do not carry it with the flash bar that uses this one.

export type LazyView<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A component that renders nothing until `shown(props)` is first true, then the component `load`
 * resolves to, and keeps it mounted from then on (a dialog animates out when it closes).
 *
 * When it closes and the focus has fallen to the page, the focus goes back to the element that had
 * it when the view was shown (the button that opened the dialog). Mantine's Modal does that itself
 * only for a dialog it saw open after mounting, and a view loaded on demand mounts already open.
 */
export function lazyView<P extends object>(
  load: () => Promise<ComponentType<P>>,
  shown: (props: P) => boolean = () => true,
): LazyView<P> {
  let loaded: ComponentType<P> | null = null;
  const preload = async () => {
    loaded ??= await load();
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function View(props: P) {
    const [used, setUsed] = useState(false);
    const show = shown(props);
    if (show && !used) setUsed(true);
    useFocusReturnTo(show);
    if (!show && !used) return null;
    const Component = loaded ?? Lazy;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(View, { preload });
}

/** Gives the focus back to the element focused when `shown` turned true, once it turns false. */
function useFocusReturnTo(shown: boolean): void {
  const opener = useRef<Element | null>(null);
  if (shown && opener.current === null) opener.current = document.activeElement;
  useEffect(() => {
    if (shown) return;
    const element = opener.current;
    opener.current = null;
    if (!(element instanceof HTMLElement)) return;
    // After the Modal's own attempt (10 ms); only when the focus is lost, never taken from elsewhere.
    const timer = setTimeout(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && element.isConnected) element.focus();
    }, 50);
    return () => clearTimeout(timer);
  }, [shown]);
}
