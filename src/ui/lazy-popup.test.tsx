import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy, type ReactNode, Suspense, startTransition, useState } from 'react';
import { lazyPopup, type PopupButtonProps, type PopupProps } from '@/ui/lazy-popup';

/** A popup module that, once loaded, shows its button and an opened list. */
function OpenedPopup({ trigger }: PopupProps<object>) {
  return (
    <div>
      {trigger({})}
      <ul aria-label="Opened popup" />
    </div>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const trigger = (props: PopupButtonProps): ReactNode => (
  <button type="button" {...props}>
    Actions
  </button>
);

/** Elsewhere on the page: something rendered in a transition that waits for code still loading. */
const NeverLoaded = lazy(() => new Promise<never>(() => {}));
function SlowTransitionElsewhere() {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => startTransition(() => setShown(true))}>
        Show the slow part
      </button>
      <Suspense fallback={null}>{shown && <NeverLoaded />}</Suspense>
    </>
  );
}

describe('lazyPopup', () => {
  it('keeps the plain button until its module is in, then opens', async () => {
    const load = deferred<typeof OpenedPopup>();
    const Popup = lazyPopup(() => load.promise, 'menu');
    render(<Popup trigger={trigger} />);
    const button = screen.getByRole('button', { name: 'Actions' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(button);
    expect(screen.queryByRole('list', { name: 'Opened popup' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Actions' })).toBe(button);
    await act(async () => load.resolve(OpenedPopup));
    await screen.findByRole('list', { name: 'Opened popup' });
  });

  it('opens while a transition elsewhere on the page still waits for its code', async () => {
    const Popup = lazyPopup(async () => OpenedPopup, 'menu');
    render(
      <>
        <SlowTransitionElsewhere />
        <Popup trigger={trigger} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show the slow part' }));
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await screen.findByRole('list', { name: 'Opened popup' }, { timeout: 2000 });
  });
});
