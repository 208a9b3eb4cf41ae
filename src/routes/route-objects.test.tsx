import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { routeObjects } from '@/routes/route-objects';

function renderAt(path: string) {
  const router = createMemoryRouter(routeObjects(), { initialEntries: [path] });
  render(
    <Providers env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('the console router', () => {
  it('shows Page not found in the public layout for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Spark' }).getAttribute('href')).toContain('from=not-found');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Spark Teams Console');
  });

  it('treats a team path without numeric ids as not found', async () => {
    renderAt('/teams/acme/overview');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('sends the bare team path to the overview and titles the page', async () => {
    const router = renderAt('/teams/3-7');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/teams/3-7/overview');
    expect(screen.getByRole('heading', { name: 'Team Preferences' })).toBeTruthy();
    expect(document.title).toBe('Overview – Spark Teams Console');
  });

  it('shows a placeholder with the route title for pages not built yet', async () => {
    renderAt('/pb/products');
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeTruthy();
    expect(screen.getByText('This page is being built.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Spark' }).getAttribute('href')).toContain(
      'from=pb-products',
    );
  });

  it('routes /public-files/upload to the upload page, not the download page', async () => {
    renderAt('/public-files/upload');
    expect(await screen.findByRole('heading', { name: 'Upload a public file' })).toBeTruthy();
  });
});
