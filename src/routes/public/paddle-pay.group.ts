import { PaddlePayPage } from '@/routes/public/paddle-pay.route';
import type { GroupPages } from '@/routes/route-table';

// A chunk of its own: a buyer sent by Paddle loads only this page, and Paddle.js once it is needed.
export const pages: GroupPages = {
  'paddle-pay': PaddlePayPage,
};
