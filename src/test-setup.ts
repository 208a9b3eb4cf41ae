// Setup for the 'console' test project (jsdom): what Mantine needs from a browser that jsdom lacks,
// and an unmounted DOM after every test.
import { cleanup, configure } from '@testing-library/react';

// A page's first render loads its lazy route chunk; on a busy 2-core CI machine that can take longer
// than Testing Library's 1 s default for findBy*. This only bounds waiting, it never slows a pass.
configure({ asyncUtilTimeout: 5000 });

// Dialogs and editors load their module when first shown (ui/lazy-view.tsx); loaded up front here,
// they render at once, as the tests expect after a click.
if (typeof window !== 'undefined') {
  const [{ ConfirmDialog }, { TeamExitDialog }, { LazySingleFieldForm }] = await Promise.all([
    import('@/ui/ConfirmDialog'),
    import('@/ui/team-overview/TeamExitDialog'),
    import('@/ui/lazy-single-field-form'),
  ]);
  await Promise.all([ConfirmDialog.preload(), TeamExitDialog.preload(), LazySingleFieldForm.preload()]);
}

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string): MediaQueryList => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }

  if (!window.ResizeObserver) {
    window.ResizeObserver = class ResizeObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }

  if (!window.HTMLElement.prototype.scrollIntoView) {
    window.HTMLElement.prototype.scrollIntoView = () => {};
  }
}

afterEach(() => {
  cleanup();
});
