import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { linkClick, type NavigateHandler } from '@/ui/link-click';
import { PageFrame } from '@/ui/PageFrame';
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
  const { children, homeHref, getSparkHref, onNavigate, ...legal } = props;
  return (
    <PageFrame
      {...legal}
      header={
        <>
          <a className={classes.brand} href={homeHref} onClick={linkClick(homeHref, onNavigate)}>
            <img className={classes.logo} src="/logo.svg" alt="" />
            <span>Spark</span>
          </a>
          <Button component="a" href={getSparkHref} target="_blank" rel="noopener">
            Get Spark
          </Button>
        </>
      }
    >
      {children}
    </PageFrame>
  );
}
