import { Anchor, Paper, Radio, Stack, Switch, Text } from '@mantine/core';
import type { TeamSettings } from '@/domain/entities';
import { ADMIN_SETTINGS, domainSignupLabel, INVITATION_ONLY_LABEL } from '@/domain/team-details';
import { linkClick, type NavigateHandler } from '@/ui/link-click';
import { SavedNote } from '@/ui/SavedNote';
import classes from './TeamOverview.module.css';

type SettingKey = keyof TeamSettings;

export interface TeamSettingsCardProps {
  /** Team Signup shows when set: the owner of a team with a domain. */
  signup: { domain: string; enabled: boolean } | null;
  /** 'Admins Can' shows when set: the owner, not on the basic plan. */
  settings: TeamSettings | null;
  onSignupChange: (enabled: boolean) => void;
  onSettingChange: (setting: SettingKey, enabled: boolean) => void;
  /** Which of the two the server just confirmed: 'Saved' shows beside it for a moment. */
  saved?: 'signup' | 'settings' | null;
  /**
   * For the owner on the basic plan, where settings are hidden: one line saying they come with a
   * paid plan ('Team Signup and Admins Can come with a paid plan.'), with the Upgrade link.
   */
  paidPlanNote?: { text: string; upgradeHref: string } | null;
  onNavigate?: NavigateHandler;
}

const SIGNUP_BY_DOMAIN = 'domain';
const SIGNUP_BY_INVITATION = 'invitation';

/** The owner's team settings (spec section 6): Team Signup and 'Admins Can'. Changes apply at once. */
export function TeamSettingsCard({
  signup,
  settings,
  onSignupChange,
  onSettingChange,
  saved = null,
  paidPlanNote = null,
  onNavigate,
}: TeamSettingsCardProps) {
  if (!signup && !settings && !paidPlanNote) return null;
  const enabledSettings = settings
    ? ADMIN_SETTINGS.filter(({ key }) => settings[key]).map(({ key }) => key)
    : [];
  return (
    <Paper withBorder p="lg" className={classes.card}>
      <Stack gap="xl">
        {signup && (
          <Radio.Group
            label="Team Signup"
            value={signup.enabled ? SIGNUP_BY_DOMAIN : SIGNUP_BY_INVITATION}
            onChange={(value) => onSignupChange(value === SIGNUP_BY_DOMAIN)}
          >
            <Stack gap="xs" mt="xs">
              <Radio value={SIGNUP_BY_INVITATION} label={INVITATION_ONLY_LABEL} />
              <Radio value={SIGNUP_BY_DOMAIN} label={domainSignupLabel(signup.domain)} />
              <SavedNote shown={saved === 'signup'} />
            </Stack>
          </Radio.Group>
        )}
        {settings && (
          <Switch.Group
            label="Admins Can"
            value={enabledSettings}
            onChange={(values) => {
              // One switch flips per change: report the one that differs.
              const flipped = ADMIN_SETTINGS.find(({ key }) => values.includes(key) !== settings[key]);
              if (flipped) onSettingChange(flipped.key, values.includes(flipped.key));
            }}
          >
            <Stack gap="xs" mt="xs">
              {ADMIN_SETTINGS.map(({ key, label }) => (
                <Switch key={key} value={key} label={label} />
              ))}
              <SavedNote shown={saved === 'settings'} />
            </Stack>
          </Switch.Group>
        )}
        {paidPlanNote && (
          <Text size="sm">
            {paidPlanNote.text}{' '}
            <Anchor
              href={paidPlanNote.upgradeHref}
              onClick={linkClick(paidPlanNote.upgradeHref, onNavigate)}
              fw={500}
            >
              Upgrade
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
