// What the payment link page (/paddle-pay) needs to load Paddle.js: no auth, since it is opened from
// Paddle's mails and links by someone who may not be signed in. Null while Paddle is not configured.
import type { ApiClient } from '@/api/client';

export interface PublicPaddleJsSettings {
  clientToken: string;
  environment: 'sandbox' | 'production';
  scriptUrl: string | null;
}

export const getPaddleJsSettings = (api: ApiClient, signal?: AbortSignal) =>
  api.get<PublicPaddleJsSettings | null>('/api/v1/billing-paddle/paddle-js', { auth: false, signal });
