import {
  Anchor,
  Button,
  Container,
  type CSSVariablesResolver,
  createTheme,
  Loader,
  Title,
} from '@mantine/core';

// Spark's blue as the primary colour; components get the defaults the console uses everywhere.
// Shade 8 (not Mantine's 6): white text on filled buttons and blue or red text on white keep the
// 4.5:1 contrast of WCAG AA (blue 6 on white is 3.6:1, red 6 3.3:1).
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '600' },
  components: {
    Anchor: Anchor.extend({ defaultProps: { underline: 'hover' } }),
    Button: Button.extend({ defaultProps: { radius: 'xl' } }),
    Container: Container.extend({ defaultProps: { size: 'md' } }),
    Loader: Loader.extend({ defaultProps: { type: 'dots' } }),
    // The dialog's X has no text: it needs a name for assistive technology. A plain object rather
    // than Modal.extend, so the theme does not pull the Modal into the first page's bundle.
    // Its title bar is a <header> inside the dialog's <section role="dialog">: with a role the section
    // no longer scopes it, so axe counts a second banner landmark. It is no landmark.
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' }, attributes: { header: { role: 'none' } } },
    },
    // Mantine's initial-focus placeholder is a focusable role=presentation div inside role=menu: a
    // child a menu may not have (axe 'aria-required-children', critical). Without it the focus goes
    // to the first item, as the WAI-ARIA menu pattern has it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Title: Title.extend({ defaultProps: { order: 1 } }),
  },
});

/**
 * Small text keeps 4.5:1 on white and on the gray 0 page (WCAG AA): dimmed text (notes, emails, the
 * nav, the footer) in gray 7 rather than gray 6 (3.3:1); field errors and red text ('Token is
 * invalid') in red 9 rather than red 6 or 8 (3.3:1, 4.3:1 on the page). Dark: dimmed
 * text in dark 1 (Mantine's dark 2 is 4.0:1 on the dark body), errors in red 5 (red 8 is 3.4:1).
 * The console's own surfaces and borders per scheme are CSS (src/app/color-scheme.css).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
  },
});
