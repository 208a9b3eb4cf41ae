import { Anchor, Group, Text } from '@mantine/core';
import type { PaymentProvider } from '@/domain/entities';

const PROVIDER_NAMES: Record<PaymentProvider, string> = { stripe: 'Stripe', paddle: 'Paddle' };

export interface PaymentProviderSwitchProps {
  current: PaymentProvider;
  /** The allowed providers (domain/payment-providers.ts); the switch shows only with more than one. */
  allowed: PaymentProvider[];
  onSwitch: (provider: PaymentProvider) => void;
}

/** 'Current payment provider' and a 'switch to' link for each other allowed provider. */
export function PaymentProviderSwitch({ current, allowed, onSwitch }: PaymentProviderSwitchProps) {
  if (allowed.length < 2) return null;
  return (
    <Group gap="xs" wrap="wrap" aria-label="Payment provider" role="group">
      <Text size="sm" c="dimmed">
        Current payment provider: <strong>{PROVIDER_NAMES[current]}</strong>
      </Text>
      {allowed
        .filter((provider) => provider !== current)
        .map((provider) => (
          <Anchor
            key={provider}
            component="button"
            type="button"
            size="sm"
            onClick={() => onSwitch(provider)}
          >
            switch to {PROVIDER_NAMES[provider]}
          </Anchor>
        ))}
    </Group>
  );
}
