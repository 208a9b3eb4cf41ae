import { Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LegalFooter } from '@/ui/LegalFooter';
import classes from './PageFrame.module.css';

export interface PageFrameProps {
  /** What the header bar holds, spread to both ends (a logo link on the left, an action on the right). */
  header: ReactNode;
  children: ReactNode;
  termsHref: string;
  privacyHref: string;
  /** Year in the copyright line. */
  year: number;
}

/** The frame of the public and the team layout: a white header bar, the page, the legal footer. */
export function PageFrame({ header, children, termsHref, privacyHref, year }: PageFrameProps) {
  return (
    <div className={classes.root}>
      <header className={classes.header}>
        <Container>
          <Group className={classes.headerInner} justify="space-between">
            {header}
          </Group>
        </Container>
      </header>
      <main className={classes.main}>
        <Container>{children}</Container>
      </main>
      <LegalFooter termsHref={termsHref} privacyHref={privacyHref} year={year} />
    </div>
  );
}
