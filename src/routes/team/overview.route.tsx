import { PlaceholderPage } from '@/routes/placeholder';

/** Team overview and settings (spec section 2 'Overview', 6): being built. */
export const OverviewPage = PlaceholderPage;
