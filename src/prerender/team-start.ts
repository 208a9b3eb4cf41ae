// The team pages' start script's first part (scripts/vite-prerender.ts builds it into the script
// file): a login link's exchange, begun as the page's HTML arrives (login-link-start.ts).
import { startLoginLink } from '@/prerender/login-link-start';

startLoginLink(window, import.meta.env.VITE_STORAGE_PREFIX ?? 'spark-console:');
