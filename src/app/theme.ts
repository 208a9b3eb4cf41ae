import { Anchor, Button, Container, createTheme, Loader, Title } from '@mantine/core';

// Spark's blue as the primary colour; components get the defaults the console uses everywhere.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 6,
  defaultRadius: 'md',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '600' },
  components: {
    Anchor: Anchor.extend({ defaultProps: { underline: 'hover' } }),
    Button: Button.extend({ defaultProps: { radius: 'xl' } }),
    Container: Container.extend({ defaultProps: { size: 'md' } }),
    Loader: Loader.extend({ defaultProps: { type: 'dots' } }),
    Title: Title.extend({ defaultProps: { order: 1 } }),
  },
});
