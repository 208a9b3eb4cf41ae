import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { PersonalBilling } from '@/domain/entities';
import { periodTypeLabel, planLabel, storeLabel } from '@/domain/personal-billing';
import { linkClick, type NavigateHandler } from '@/ui/link-click';

export interface ProfileLinks {
  products: string;
  trial: string;
  setup: string;
  portal: string;
}

export interface ProfileViewProps {
  email: string;
  fullName: string;
  billing: PersonalBilling;
  links: ProfileLinks;
  onNavigate: NavigateHandler;
}

/**
 * The person's own profile and plan (spec section 2 'Personal pages'): email, name, plan, and for a
 * premium plan its store and period type. Buttons follow the can* flags (spec section 6).
 */
export function ProfileView({ email, fullName, billing, links, onNavigate }: ProfileViewProps) {
  const premium = billing.plan === 'premium';
  const rows: [string, string][] = [
    ['Email', email],
    ['Name', fullName],
    ['Plan', planLabel(billing.plan)],
    ...(premium && billing.store ? [['Store', storeLabel(billing.store)] as [string, string]] : []),
    ...(premium && billing.periodType
      ? [['Period type', periodTypeLabel(billing.periodType)] as [string, string]]
      : []),
  ];
  const linkButton = (href: string, label: string, variant = 'default') => (
    <Button component="a" href={href} variant={variant} onClick={linkClick(href, onNavigate)}>
      {label}
    </Button>
  );
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Profile
      </Title>
      <Card withBorder>
        <Table variant="vertical" withRowBorders={false} aria-label="Your profile">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={140}>{label}</Table.Th>
                <Table.Td>
                  <Text size="sm">{value}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Group gap="sm">
        {linkButton(links.products, 'Products', 'filled')}
        {billing.canStartTrial && linkButton(links.trial, 'Start trial')}
        {billing.canChangeAddress && linkButton(links.setup, 'Change card')}
        {billing.canChangeAddress && linkButton(links.portal, 'Billing portal')}
      </Group>
    </Stack>
  );
}
