import { act, render, screen } from '@testing-library/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import type { AppServices } from '@/app/services';
import { ServicesProvider } from '@/app/services-context';
import { createTestServices } from '@/test/test-services';
import type { RouteLoad } from './route-load';
import { useRouteData } from './use-route-data';

const reportLoad: RouteLoad<{ name: string }> = {
  name: 'report',
  keyOf: ({ params }) => params.id ?? null,
  ask: async () => ({ name: 'asked by the load' }),
};
const KEY = 'report:r1';

/** A page that starts with its route's data when it is in. */
function Page() {
  const { value } = useRouteData(reportLoad);
  return <p>{value ? `started with ${value.name}` : 'started without'}</p>;
}

function renderAt(services: AppServices, children: ReactNode) {
  return render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={['/reports/r1']}>
        <Routes>
          <Route path="/reports/:id" element={children} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
}

async function servicesWithReportIn() {
  const { services } = createTestServices({ fetch: fakeFetch(() => jsonResponse(404, {})).fetch });
  const answer = Promise.resolve({ name: 'report.pdf' });
  services.routeData.ensure(KEY, () => answer);
  await answer;
  return services;
}

describe("a page's route data", () => {
  it('is shown by the first render, then forgotten once the page has committed', async () => {
    const services = await servicesWithReportIn();
    renderAt(services, <Page />);
    expect(screen.getByText('started with report.pdf')).toBeTruthy();
    expect(services.routeData.peek(KEY)).toBeNull();
  });

  it('survives a render React throws away: the render that commits starts with it', async () => {
    const services = await servicesWithReportIn();
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
    renderAt(
      services,
      <Suspense fallback={<p>loading</p>}>
        <Page />
        <LazyPiece />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    // Nothing was committed yet: the value is still there for the page's next render.
    expect(services.routeData.peek(KEY)).toEqual({ value: { name: 'report.pdf' } });
    await act(async () => {
      release();
      await ready;
    });
    expect(await screen.findByText('lazy piece in')).toBeTruthy();
    expect(screen.getByText('started with report.pdf')).toBeTruthy();
    expect(services.routeData.peek(KEY)).toBeNull();
  });

  it("is none while the answer is on its way, and leaves it for the page's first load", async () => {
    const { services } = createTestServices({ fetch: fakeFetch(() => jsonResponse(404, {})).fetch });
    let answer = (_value: { name: string }) => {};
    services.routeData.ensure(KEY, () => new Promise((resolve) => (answer = resolve)));
    renderAt(services, <Page />);
    expect(screen.getByText('started without')).toBeTruthy();
    const taken = services.routeData.take(KEY, () => Promise.reject(new Error('not asked again')));
    answer({ name: 'report.pdf' });
    await expect(taken).resolves.toEqual({ name: 'report.pdf' });
  });
});
