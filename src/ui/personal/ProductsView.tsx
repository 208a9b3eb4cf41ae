import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { BillingProduct, PersonalBilling } from '@/domain/entities';
import {
  BUY_DURING_TRIAL_NOTE,
  couponOffText,
  couponOfPriceId,
  currentPlanText,
  monthlyAmountOf,
  perInterval,
  priceTitle,
} from '@/domain/personal-billing';
import { formatPrice } from '@/domain/price';
import { linkClick, type NavigateHandler } from '@/ui/link-click';

export interface ProductsViewProps {
  products: BillingProduct[];
  billing: PersonalBilling;
  /** A Checkout was clicked and its redirect is under way: every button waits. */
  busy: boolean;
  onCheckout: (priceId: string) => void;
  profileHref: string;
  onNavigate: NavigateHandler;
}

/**
 * The personal prices (spec section 2 'Personal pages'), each titled with its interval and saving, with
 * a Checkout button while the server would accept one (canSubscribe: free, or on the trial);
 * above them, what the person already has.
 */
export function ProductsView({
  products,
  billing,
  busy,
  onCheckout,
  profileHref,
  onNavigate,
}: ProductsViewProps) {
  const prices = products.flatMap((product) => product.prices.map((price) => ({ product, price })));
  const planText = currentPlanText(billing);
  const onTrial = billing.periodType === 'trial';
  return (
    <Stack gap="md">
      <Anchor href={profileHref} onClick={linkClick(profileHref, onNavigate)} size="sm">
        ← Back to profile
      </Anchor>
      <Title order={1} size="h2">
        Products
      </Title>
      {planText && (
        <Alert variant="light" color={onTrial ? 'blue' : 'gray'} title={planText}>
          {billing.canSubscribe
            ? onTrial && BUY_DURING_TRIAL_NOTE
            : 'Your plan is already premium: manage it from your profile.'}
        </Alert>
      )}
      {prices.length === 0 && <Text size="sm">No products available.</Text>}
      {prices.map(({ product, price }) => {
        const coupon = couponOfPriceId(price.priceId);
        const off = couponOffText(price.couponPercentOff);
        const amount = formatPrice(price.amount, price.currency);
        return (
          <Card key={price.priceId} withBorder padding="lg" data-testid={`price-${price.priceId}`}>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={4}>
                <Title order={3} size="h4">
                  {priceTitle(product.name, price, monthlyAmountOf(product))}
                </Title>
                <Text size="sm">
                  {amount} {perInterval(price.interval)}
                </Text>
                {coupon && (
                  <Group gap={6}>
                    <Text size="sm">Coupon</Text>
                    <Badge variant="light">{coupon}</Badge>
                    {off && (
                      <Badge variant="filled" color="teal.9">
                        {off}
                      </Badge>
                    )}
                  </Group>
                )}
              </Stack>
              {billing.canSubscribe && (
                <Button
                  onClick={() => onCheckout(price.priceId)}
                  disabled={busy}
                  aria-label={`Checkout ${product.name} ${amount} ${perInterval(price.interval)}${coupon ? ` with coupon ${coupon}` : ''}`}
                >
                  Checkout
                </Button>
              )}
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
