import { Anchor, Container, Group, Text } from '@mantine/core';
import classes from './LegalFooter.module.css';

export interface LegalFooterProps {
  termsHref: string;
  privacyHref: string;
  /** Year in the copyright line. */
  year: number;
}

/** Terms of Service and Privacy Policy links and the copyright line (spec section 2, common elements). */
export function LegalFooter({ termsHref, privacyHref, year }: LegalFooterProps) {
  return (
    <footer className={classes.footer}>
      <Container>
        <Group justify="space-between" gap="xs">
          <Group gap="lg">
            <Anchor href={termsHref} target="_blank" rel="noopener" size="sm" c="dimmed">
              Terms of Service
            </Anchor>
            <Anchor href={privacyHref} target="_blank" rel="noopener" size="sm" c="dimmed">
              Privacy Policy
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            © {year} Spark
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
