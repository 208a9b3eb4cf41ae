import { render, screen } from '@testing-library/react';
import { Providers } from '@/app/providers';
import { LegalFooter } from '@/ui/LegalFooter';

describe('LegalFooter', () => {
  it('links the terms and the privacy policy in new tabs and shows the copyright line', () => {
    render(
      <Providers env="test">
        <LegalFooter
          termsHref="https://example.test/terms"
          privacyHref="https://example.test/privacy"
          year={2030}
        />
      </Providers>,
    );
    const terms = screen.getByRole('link', { name: 'Terms of Service' });
    expect(terms.getAttribute('href')).toBe('https://example.test/terms');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://example.test/privacy',
    );
    expect(screen.getByRole('contentinfo').textContent).toContain('© 2030 Spark');
  });
});
