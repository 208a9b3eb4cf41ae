import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY } from '@/app/color-scheme';
import { Providers } from '@/app/providers';
import { COLOR_SCHEME_COOKIE, pickedColorScheme } from '@/domain/color-scheme-cookie';
import { useColorSchemeToggle } from '@/routes/use-color-scheme-toggle';

function Toggle() {
  const { colorScheme, onToggleColorScheme } = useColorSchemeToggle();
  return (
    <button type="button" onClick={onToggleColorScheme}>
      {colorScheme}
    </button>
  );
}

describe('useColorSchemeToggle', () => {
  afterEach(() => {
    localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = `${COLOR_SCHEME_COOKIE}=; Path=/; Max-Age=0`;
  });

  it("keeps the pick in storage and in the cookie the server marks the next page's <html> with", () => {
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'light');
    render(
      <Providers env="test">
        <Toggle />
      </Providers>,
    );
    expect(pickedColorScheme(document.cookie)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'light' }));
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    expect(pickedColorScheme(document.cookie)).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: 'dark' }));
    expect(pickedColorScheme(document.cookie)).toBe('light');
  });
});
