import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { useHydrated } from '@/prerender/use-hydrated';

function Probe() {
  return <p>{useHydrated() ? 'wired' : 'painted'}</p>;
}

describe('useHydrated', () => {
  it('is false on the server (the prerendered HTML) and true in a page rendered on the client', () => {
    expect(renderToString(<Probe />)).toContain('painted');
    render(<Probe />);
    expect(screen.getByText('wired')).toBeTruthy();
  });
});
