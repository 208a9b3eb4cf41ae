import '@/app/mantine-styles';
import '@/app/theme-variables.css';
import '@/app/color-scheme.css';
import '@/app/global.css';
import { startConsole } from '@/app/app';
import { markColorScheme } from '@/app/color-scheme';
import { STORAGE_KEY_PREFIX } from '@/app/config';
import { devInspector } from '@/app/inspector';
import { nextTask } from '@/app/next-task';
import { createAppServices } from '@/app/services';
import { createSessionStore } from '@/app/session-storage';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
markColorScheme(document.documentElement, window);

// The code's evaluation, the services' start and the first render's start each in a task of their
// own: together they made one task long enough to block the main thread (decision 056).
await nextTask();
const services = createAppServices({
  store: createSessionStore(STORAGE_KEY_PREFIX, window.localStorage, window),
  inspect: await devInspector(),
});

await nextTask();
startConsole(root, services);
