import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { lazyPage, loadPage } from '@/routes/route-groups';
import { routeMeta } from '@/routes/route-table';

// This file's module state is its own: no group is loaded before the test loads one.
describe('lazyPage', () => {
  it('is one React.lazy per route that renders at once once its group is loaded', async () => {
    const notFound = routeMeta('not-found');
    const Page = lazyPage(notFound);
    expect(Page.$$typeof).toBe(Symbol.for('react.lazy'));
    expect(lazyPage(notFound)).toBe(Page);

    await loadPage('not-found', notFound.group);
    render(
      <Providers env="test">
        <MemoryRouter>
          <Suspense fallback={<p>Loading the page</p>}>
            <Page />
          </Suspense>
        </MemoryRouter>
      </Providers>,
    );
    // Rendered in the first pass: the frame and its page start their requests together.
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText('Loading the page')).toBeNull();
  });
});
