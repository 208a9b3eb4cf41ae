import {
  type ComponentType,
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  startTransition,
  useState,
} from 'react';

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
