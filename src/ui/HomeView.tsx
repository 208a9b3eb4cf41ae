import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBox } from '@/ui/ErrorBox';
import { linkClick, type NavigateHandler } from '@/ui/link-click';

export interface HomeViewProps {
  /** The expanded team selector. */
  selector: ReactNode;
  /** Why the teams could not be loaded, or null. */
  error: string | null;
  onRetry: () => void;
  /** The signed-in person's menu (email, profile, 'Log out'). */
  userMenu?: ReactNode;
  /**
   * The person has no team: the ways on, their profile (and plan) and creating a team through the
   * web sign-up. Null while teams load or when there are some.
   */
  noTeams?: { profileHref: string; createTeamHref: string } | null;
  /** Staff only: the internal pages (public-file upload, event stream viewer); null for everyone else. */
  staffPages?: { uploadHref: string; eventStreamHref: string } | null;
  onNavigate?: NavigateHandler;
}

/** The home page: welcome and pick a team, or the pick-a-team error state (spec section 2, home). */
export function HomeView({
  selector,
  error,
  onRetry,
  userMenu,
  noTeams = null,
  staffPages = null,
  onNavigate,
}: HomeViewProps) {
  return (
    <Stack gap="md" maw={480} mx="auto">
      {userMenu && <Group justify="flex-end">{userMenu}</Group>}
      <Title order={1}>Welcome</Title>
      <Text>Pick a team to start</Text>
      {error === null ? selector : <ErrorBox message={error} onRetry={onRetry} />}
      {noTeams && (
        <Group gap="sm">
          <Button
            component="a"
            href={noTeams.createTeamHref}
            onClick={linkClick(noTeams.createTeamHref, onNavigate)}
          >
            Create a team
          </Button>
          <Button
            component="a"
            variant="default"
            href={noTeams.profileHref}
            onClick={linkClick(noTeams.profileHref, onNavigate)}
          >
            Your profile and plan
          </Button>
        </Group>
      )}
      {staffPages && (
        <Stack gap="xs" component="nav" aria-label="Staff pages">
          <Title order={2} size="h4">
            Staff pages
          </Title>
          <Group gap="sm">
            <Button
              component="a"
              variant="default"
              href={staffPages.uploadHref}
              onClick={linkClick(staffPages.uploadHref, onNavigate)}
            >
              Upload a public file
            </Button>
            <Button
              component="a"
              variant="default"
              href={staffPages.eventStreamHref}
              onClick={linkClick(staffPages.eventStreamHref, onNavigate)}
            >
              Event stream
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
