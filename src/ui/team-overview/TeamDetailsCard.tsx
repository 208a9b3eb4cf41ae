import { Badge, Button, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { linkClick, type NavigateHandler } from '@/ui/link-click';
import classes from './TeamOverview.module.css';

export interface TeamDetailsCardProps {
  /** The logo with its controls (TeamLogo). */
  logo: ReactNode;
  /** The name heading with its editor (TeamNameEditor). */
  name: ReactNode;
  /** 'Basic', 'Plus', 'Premium' or 'Pro'. */
  planTitle: string;
  /** Billable seats (Team.usersCnt): active members, not invitees or deactivated people. */
  membersCount: number;
  /** Whole days left while the team is trialing; null otherwise. */
  trialDaysLeft: number | null;
  /** 'Upgrade' or 'Change Plan' to billing, for those who may open it; null hides it. */
  billingLink: { label: string; href: string } | null;
  onNavigate?: NavigateHandler;
}

export const ACTIVE_MEMBERS_LABEL = 'Active members';

/** The spec's 'Trial ends in N days', with 'day' when N is one. */
export function trialEndsText(daysLeft: number): string {
  return `Trial ends in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
}

/** The team details of the Overview (spec section 2): logo, name, plan, members, trial, billing. */
export function TeamDetailsCard(props: TeamDetailsCardProps) {
  const { logo, name, planTitle, membersCount, trialDaysLeft, billingLink, onNavigate } = props;
  return (
    <Paper component="section" aria-label="Team details" withBorder p="lg" className={classes.card}>
      <div className={classes.details}>
        {logo}
        <div className={classes.info}>
          {name}
          <dl className={classes.facts}>
            <div className={classes.fact}>
              <dt>Plan</dt>
              <dd>{planTitle}</dd>
            </div>
            <div className={classes.fact}>
              {/* The billable seats: active members only, while the Members page counts invitees and
                  deactivated people too. Named for what it counts, both numbers read true. */}
              <dt>{ACTIVE_MEMBERS_LABEL}</dt>
              <dd>{membersCount}</dd>
            </div>
          </dl>
          {trialDaysLeft !== null && (
            <Badge mt="md" size="lg" variant="dot" color="orange" tt="none" fw={500}>
              {trialEndsText(trialDaysLeft)}
            </Badge>
          )}
        </div>
        {billingLink && (
          <Button
            component="a"
            href={billingLink.href}
            onClick={linkClick(billingLink.href, onNavigate)}
            className={classes.billing}
            variant={billingLink.label === 'Upgrade' ? 'filled' : 'light'}
          >
            {billingLink.label}
          </Button>
        )}
      </div>
    </Paper>
  );
}
