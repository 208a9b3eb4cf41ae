import { PRODUCT_NAME } from '@/app/config';
import { useCurrentRoute } from '@/routes/current-route';
import { PagePlaceholder } from '@/ui/PagePlaceholder';

/** A page a later issue builds: the route's title and a note, nothing else. */
export function PlaceholderPage() {
  const route = useCurrentRoute();
  return <PagePlaceholder title={route?.title ?? PRODUCT_NAME} />;
}
