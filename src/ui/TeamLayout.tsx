import { Group, Loader, Skeleton, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { linkClick, type NavigateHandler } from '@/ui/link-click';
import { PageFrame } from '@/ui/PageFrame';
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
  /** The team selector. */
  selector: ReactNode;
  /** The signed-in person's menu (email, profile, 'Log out'), at the header's end. */
  userMenu?: ReactNode;
  /** The team nav bar, shown once the membership is known. */
  nav: ReactNode;
  /** The team page. */
  children: ReactNode;
  /**
   * The page's shape while the memberships load (the billing page's placeholders), under a
   * placeholder of the nav, so a page opened afresh has its layout at once.
   */
  placeholder?: ReactNode;
  termsHref: string;
  privacyHref: string;
  /** Year in the copyright line. */
  year: number;
}

/** The frame of every /teams/{tid}-{uid} page (spec section 2, team layout). */
export function TeamLayout(props: TeamLayoutProps) {
  const { state, backHref, onBackNavigate, selector, userMenu, nav, children, placeholder, ...legal } = props;
  return (
    <PageFrame
      {...legal}
      header={
        <>
          <a className={classes.back} href={backHref} onClick={linkClick(backHref, onBackNavigate)}>
            <img className={classes.logo} src="/logo.svg" alt="" />
            <span>Back to Spark</span>
          </a>
          <div className={classes.headerEnd}>
            {selector}
            {userMenu}
          </div>
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
  if (state === 'loading' || state === 'redirecting') {
    return (
      <>
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text role="status">Loading</Text>
        </Group>
        {placeholder && (
          <>
            <Skeleton height={36} mt="xs" aria-hidden />
            <div className={classes.content}>{placeholder}</div>
          </>
        )}
      </>
    );
  }
  if (state === 'notMember') return <Text>You are not a member of this team</Text>;
  return (
    <>
      {nav}
      <div className={classes.content}>{children}</div>
    </>
  );
}
