import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';

// Views a user opens (dialogs, editors) load their module the first time they are shown, so a
// page's first visit does not carry Mantine's Modal, the form library and the schemas for them
// (issue 13's size budgets). Once loaded they render at once; `preload()` loads ahead (tests).

export type LazyView<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A component that renders nothing until `shown(props)` is first true, then the component `load`
 * resolves to, and keeps it mounted from then on (a dialog animates out when it closes).
 *
 * `closed(props)`: the same props with the dialog shut. Given, the view mounts shut and opens right
 * after: Mantine's Modal notes the element to give the focus back to when it sees `opened` turn
 * true, never when it mounts open, so a dialog's first opening gave the focus back to nothing.
 */
export function lazyView<P extends object>(
  load: () => Promise<ComponentType<P>>,
  shown: (props: P) => boolean = () => true,
  closed?: (props: P) => P,
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
    if (!show && !used) return null;
    const Component = loaded ?? Lazy;
    return (
      <Suspense fallback={null}>
        {closed ? (
          <OpenAfterMount Component={Component} props={props} closed={closed} />
        ) : (
          <Component {...props} />
        )}
      </Suspense>
    );
  }
  return Object.assign(View, { preload });
}

/** Renders the view shut on its first commit, then as asked (see `closed` above). */
function OpenAfterMount<P extends object>({
  Component,
  props,
  closed,
}: {
  Component: ComponentType<P>;
  props: P;
  closed: (props: P) => P;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <Component {...(mounted ? props : closed(props))} />;
}
