// Personal billing (spec section 7, base /api/v1/billing).

import type { ApiClient } from '@/api/client';
import type { BillingProduct, PersonalBilling } from '@/domain/entities';

export const getPersonalBilling = (api: ApiClient) => api.get<PersonalBilling>('/api/v1/billing/details');

export const getPersonalBillingToken = (api: ApiClient) =>
  api.get<{ token: string }>('/api/v1/billing/token');

export const getProducts = (api: ApiClient) => api.get<BillingProduct[]>('/api/v1/billing/products');

/** A checkout session for one price; the browser goes to its URL. */
export const createPersonalCheckout = (api: ApiClient, priceId: string) =>
  api.post<{ url: string }>('/api/v1/billing/checkout', { json: { priceId } });

export const createPersonalSetup = (api: ApiClient) => api.post<{ url: string }>('/api/v1/billing/setup');

export const createPortalSession = (api: ApiClient) => api.post<{ url: string }>('/api/v1/billing/portal');

export const startTrial = (api: ApiClient) => api.post<void>('/api/v1/billing/trial');
