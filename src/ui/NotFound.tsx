import { Button, Stack, Text, Title } from '@mantine/core';
import { linkClick, type NavigateHandler } from '@/ui/link-click';

export interface NotFoundProps {
  homeHref: string;
  onNavigate?: NavigateHandler;
}

/**
 * The catch-all page body: no route matches the address. The decorative 404 in gray 6 keeps 3:1 (large
 * text) on the page in both schemes; gray 4 was 1.4:1 (axe).
 */
export function NotFound({ homeHref, onNavigate }: NotFoundProps) {
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Text fz={64} fw={700} c="gray.6" lh={1} aria-hidden>
        404
      </Text>
      <Title order={1}>Page not found</Title>
      <Text c="dimmed" maw={420}>
        The address may be mistyped, or the page may have moved.
      </Text>
      <Button component="a" href={homeHref} onClick={linkClick(homeHref, onNavigate)} variant="light">
        Go to the home page
      </Button>
    </Stack>
  );
}
