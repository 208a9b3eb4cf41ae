import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { BillingProduct } from '@/domain/entities';
import { couponOfPriceId, perInterval } from '@/domain/personal-billing';
import { formatPrice } from '@/domain/price';

export interface ProductsViewProps {
  products: BillingProduct[];
  /** A Checkout was clicked and its redirect is under way: every button waits. */
  busy: boolean;
  onCheckout: (priceId: string) => void;
}

/** The personal prices (spec section 2 'Personal pages'), each with a Checkout button. */
export function ProductsView({ products, busy, onCheckout }: ProductsViewProps) {
  const prices = products.flatMap((product) => product.prices.map((price) => ({ product, price })));
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Products
      </Title>
      {prices.length === 0 && <Text size="sm">No products available.</Text>}
      {prices.map(({ product, price }) => {
        const coupon = couponOfPriceId(price.priceId);
        const amount = formatPrice(price.amount, price.currency);
        return (
          <Card key={price.priceId} withBorder data-testid={`price-${price.priceId}`}>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2}>
                <Text fw={600}>{product.name}</Text>
                <Text size="sm">
                  {amount} {perInterval(price.interval)}
                </Text>
                {coupon && (
                  <Group gap={6}>
                    <Text size="sm">Coupon</Text>
                    <Badge variant="light">{coupon}</Badge>
                  </Group>
                )}
              </Stack>
              <Button
                onClick={() => onCheckout(price.priceId)}
                disabled={busy}
                aria-label={`Checkout ${product.name} ${amount} ${perInterval(price.interval)}${coupon ? ` with coupon ${coupon}` : ''}`}
              >
                Checkout
              </Button>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
