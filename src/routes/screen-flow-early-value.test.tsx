import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { earlyAnswers } from '@/api/early-answers';
import { useEarlyValue } from './screen-flow';

const answers = earlyAnswers<{ name: string }>();
const entry = () => answers.at('report');

/** A page that starts with the early value when it is in. */
function Page() {
  const early = useEarlyValue(entry);
  return <p>{early ? `started with ${early.name}` : 'started without'}</p>;
}

/** Keeps `answered` until it is in, once. */
async function keptAndIn() {
  const answer = Promise.resolve({ name: 'report.pdf' });
  answers.keep('report', answer);
  await answer;
}

afterEach(() => {
  entry().forget();
});

describe('an early value a page starts with', () => {
  it('is shown by the first render, then forgotten once the page has committed', async () => {
    await keptAndIn();
    render(<Page />);
    expect(screen.getByText('started with report.pdf')).toBeTruthy();
    expect(entry().peek()).toBeNull();
  });

  it('survives a render React throws away: the render that commits starts with it', async () => {
    await keptAndIn();
    // A lazy sibling whose code is not in yet: React throws away the page's first render with it
    // (its state too) and renders the page again once the sibling's code is in.
    let release = () => {};
    const ready = new Promise<void>((resolve) => {
      release = resolve;
    });
    const LazyPiece = lazy(async () => {
      await ready;
      return { default: () => <p>lazy piece in</p> };
    });
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
        <LazyPiece />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    // Nothing was committed yet: the value is still there for the page's next render.
    expect(entry().peek()).toEqual({ value: { name: 'report.pdf' } });
    await act(async () => {
      release();
      await ready;
    });
    expect(await screen.findByText('lazy piece in')).toBeTruthy();
    expect(screen.getByText('started with report.pdf')).toBeTruthy();
    expect(entry().peek()).toBeNull();
  });

  it("is none while the answer is on its way, and leaves it for the page's first load", () => {
    answers.keep('report', new Promise(() => {}));
    render(<Page />);
    expect(screen.getByText('started without')).toBeTruthy();
    expect(entry().take(() => Promise.reject(new Error('not asked again')))).toMatchObject({
      answer: expect.any(Promise),
    });
  });
});
