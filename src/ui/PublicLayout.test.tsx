import { fireEvent, render, screen } from '@testing-library/react';
import { Providers } from '@/app/providers';
import { PublicLayout } from '@/ui/PublicLayout';

function renderLayout(onNavigate = vi.fn()) {
  render(
    <Providers env="test">
      <PublicLayout
        homeHref="/"
        getSparkHref="https://example.test/get?from=login"
        termsHref="https://example.test/terms"
        privacyHref="https://example.test/privacy"
        year={2031}
        onNavigate={onNavigate}
      >
        <p>Page body</p>
      </PublicLayout>
    </Providers>,
  );
  return onNavigate;
}

describe('PublicLayout', () => {
  it('shows the header, the page and the footer', () => {
    renderLayout();
    expect(screen.getByRole('link', { name: 'Get Spark' }).getAttribute('href')).toBe(
      'https://example.test/get?from=login',
    );
    expect(screen.getByText('Page body')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      'https://example.test/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://example.test/privacy',
    );
    expect(screen.getByText('© 2031 Spark')).toBeTruthy();
  });

  it('routes a plain click on the logo through onNavigate', () => {
    const onNavigate = renderLayout();
    fireEvent.click(screen.getByRole('link', { name: 'Spark' }));
    expect(onNavigate).toHaveBeenCalledWith('/');
  });

  it('leaves a modified click (new tab) to the browser', () => {
    const onNavigate = renderLayout();
    fireEvent.click(screen.getByRole('link', { name: 'Spark' }), { ctrlKey: true });
    expect(onNavigate).not.toHaveBeenCalled();
  });
});
