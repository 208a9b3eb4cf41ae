import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { linkClick, type NavigateHandler } from '@/ui/link-click';
import { PageFrame } from '@/ui/PageFrame';
import { TeamPagePlaceholder } from '@/ui/TeamPagePlaceholder';
import classes from './TeamLayout.module.css';

/**
 * loading: the memberships are not known yet; redirecting: the address names a teammate's membership
 * and the page moves to the user's own (shown as loading); notMember: the user is not in the team.
 */
export type TeamLayoutState = 'loading' | 'redirecting' | 'notMember' | 'ready';

export interface TeamLayoutProps {
  state: TeamLayoutState;
  /** Where 'Back to Spark' leads. */
  backHref: string;
  /** Routes a plain click on 'Back to Spark' in the app; leave it out when backHref is external. */
  onBackNavigate?: NavigateHandler;
  /**
   * The header's end: the team selector, then the signed-in person's menu (email, profile, 'Log
   * out'). One slot, so whatever both need (who is signed in) is read once, below the layout.
   */
  headerEnd: ReactNode;
  /** The team nav bar; while loading, its entries before the membership is known (or nothing). */
  nav: ReactNode;
  /** The team page (none in the frame painted before it is known). */
  children?: ReactNode;
  /**
   * The page's start while the memberships load (its heading, 'Loading', the billing page's
   * placeholders): a page opened afresh has its layout at once. 'Loading' alone when left out.
   */
  placeholder?: ReactNode;
  termsHref: string;
  privacyHref: string;
  /** Year in the copyright line. */
  year: number;
}

/** The frame of every /teams/{tid}-{uid} page (spec section 2, team layout). */
export function TeamLayout(props: TeamLayoutProps) {
  const { state, backHref, onBackNavigate, headerEnd, nav, children, placeholder, ...legal } = props;
  return (
    <PageFrame
      {...legal}
      header={
        <>
          <a className={classes.back} href={backHref} onClick={linkClick(backHref, onBackNavigate)}>
            <img className={classes.logo} src="/logo.svg" alt="" />
            <span>Back to Spark</span>
          </a>
          <div className={classes.headerEnd}>{headerEnd}</div>
        </>
      }
    >
      <Title order={1} mb="md">
        Team Preferences
      </Title>
      <TeamBody state={state} nav={nav} placeholder={placeholder}>
        {children}
      </TeamBody>
    </PageFrame>
  );
}

type TeamBodyProps = Pick<TeamLayoutProps, 'state' | 'nav' | 'children' | 'placeholder'>;

function TeamBody({ state, nav, children, placeholder }: TeamBodyProps) {
  if (state === 'notMember') return <Text>You are not a member of this team</Text>;
  // Loading: the nav's place (its entries before the membership is known) and the page's start,
  // where the page will show them, so nothing moves when they come.
  const loading = state === 'loading' || state === 'redirecting';
  return (
    <>
      {nav}
      <div className={classes.content} data-loading={loading || undefined}>
        {loading ? (placeholder ?? <TeamPagePlaceholder />) : children}
      </div>
    </>
  );
}
