import { Button, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LegalFooter } from '@/ui/LegalFooter';
import { linkClick, type NavigateHandler } from '@/ui/link-click';
import classes from './PublicLayout.module.css';

export interface PublicLayoutProps {
  children: ReactNode;
  /** Where the logo leads (the console's home). */
  homeHref: string;
  /** The external 'Get Spark' address, already carrying its `from` source param. */
  getSparkHref: string;
  termsHref: string;
  privacyHref: string;
  /** Year in the copyright line. */
  year: number;
  onNavigate?: NavigateHandler;
}

/** Pages for visitors and personal pages: logo and 'Get Spark' on top, legal links below. */
export function PublicLayout(props: PublicLayoutProps) {
  const { children, homeHref, getSparkHref, termsHref, privacyHref, year, onNavigate } = props;
  return (
    <div className={classes.root}>
      <header className={classes.header}>
        <Container>
          <Group className={classes.headerInner} justify="space-between" wrap="nowrap">
            <a className={classes.brand} href={homeHref} onClick={linkClick(homeHref, onNavigate)}>
              <img className={classes.logo} src="/logo.svg" alt="" />
              <span>Spark</span>
            </a>
            <Button component="a" href={getSparkHref} target="_blank" rel="noopener">
              Get Spark
            </Button>
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
