import { type ComponentType, lazy, Suspense, useState } from 'react';

// Views a user opens (dialogs, editors) load their module the first time they are shown, so a
// page's first visit does not carry Mantine's Modal, the form library and the schemas for them
// (issue 13's size budgets). Once loaded they render at once; `preload()` loads ahead (tests).

export type LazyView<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A component that renders nothing until `shown(props)` is first true, then the component `load`
 * resolves to, and keeps it mounted from then on (a dialog animates out when it closes).
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
