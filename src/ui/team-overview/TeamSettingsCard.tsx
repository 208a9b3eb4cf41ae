import { Paper, Radio, Stack, Switch } from '@mantine/core';
import type { TeamSettings } from '@/domain/entities';
import { ADMIN_SETTINGS, domainSignupLabel, INVITATION_ONLY_LABEL } from '@/domain/team-details';
import classes from './TeamOverview.module.css';

type SettingKey = keyof TeamSettings;

export interface TeamSettingsCardProps {
  /** Team Signup shows when set: the owner of a team with a domain. */
  signup: { domain: string; enabled: boolean } | null;
  /** 'Admins Can' shows when set: the owner, not on the basic plan. */
  settings: TeamSettings | null;
  onSignupChange: (enabled: boolean) => void;
  onSettingChange: (setting: SettingKey, enabled: boolean) => void;
}

const SIGNUP_BY_DOMAIN = 'domain';
const SIGNUP_BY_INVITATION = 'invitation';

/** The owner's team settings (spec section 6): Team Signup and 'Admins Can'. Changes apply at once. */
export function TeamSettingsCard({
  signup,
  settings,
  onSignupChange,
  onSettingChange,
}: TeamSettingsCardProps) {
  if (!signup && !settings) return null;
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
            </Stack>
          </Switch.Group>
        )}
      </Stack>
    </Paper>
  );
}
