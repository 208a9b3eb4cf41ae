import {
  type ComponentType,
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  startTransition,
  useEffect,
  useRef,
  useState,
} from 'react';

// Views a user opens (dialogs, editors) load their module the first time they are shown, so a
// page's first visit does not carry Mantine's Modal, the form library and the schemas for them
// (the size budgets). Once loaded they render at once; `preload()` loads ahead (tests).

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

// Menus and selectors whose popup is closed on a page's first paint (the team selector, the user
// menu, a member row's menu) show a plain button of their own until first opened: Mantine's Menu
// and Combobox bring Popover, the focus trap and floating-ui (about 30 KB gz), which then load on
// the first open, or ahead when the pointer or the focus reaches the button (the size budgets).

/** What the button gets: closed, it announces its popup and opens it on a click (Enter, Space). */
export interface PopupButtonProps {
  ref?: Ref<HTMLButtonElement>;
  'aria-haspopup'?: 'menu' | 'listbox';
  'aria-expanded'?: false;
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
}

export type PopupProps<P> = P & {
  /**
   * Renders the button: the plain one until the first open, then inside the loaded popup (given
   * the popup's ref). The loaded module does not import it, so no chunk is shared for it.
   */
  trigger: (props: PopupButtonProps) => ReactNode;
};

export type LazyPopup<P> = ComponentType<PopupProps<P>> & { preload: () => Promise<unknown> };

/**
 * A control that renders `trigger` until it is first clicked, then the component `load` resolves to,
 * from then on. That component renders the button through `trigger` inside its Menu or Combobox,
 * and takes the focus and opens on mounting, so the click that mounted it reads as the click that
 * opened it, by pointer or keyboard.
 */
export function lazyPopup<P extends object>(
  load: () => Promise<ComponentType<PopupProps<P>>>,
  haspopup: 'menu' | 'listbox',
): LazyPopup<P> {
  let loaded: ComponentType<PopupProps<P>> | null = null;
  const preload = async () => {
    loaded ??= await load();
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // A failed preload (offline) is retried by the click; the click's own failure reaches the error boundary.
  const preloadQuietly = () => {
    preload().catch(() => undefined);
  };
  function Popup(props: PopupProps<P>) {
    const [used, setUsed] = useState(false);
    const plain = props.trigger({
      'aria-haspopup': haspopup,
      'aria-expanded': false,
      // A transition: the plain button stays (with the focus) until the module is there.
      onClick: () => startTransition(() => setUsed(true)),
      onPointerEnter: preloadQuietly,
      onFocus: preloadQuietly,
    });
    const Component = loaded ?? Lazy;
    return <Suspense fallback={plain}>{used ? <Component {...props} /> : plain}</Suspense>;
  }
  return Object.assign(Popup, { preload });
}
