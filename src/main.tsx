import '@/app/mantine-styles';
import '@/app/theme-variables.css';
import '@/app/color-scheme.css';
import '@/app/global.css';
import { startConsole } from '@/app/app';
import { markColorScheme } from '@/app/color-scheme';
import { STORAGE_KEY_PREFIX } from '@/app/config';
import { devInspector } from '@/app/inspector';
import { createAppServices } from '@/app/services';
import { createSessionStore } from '@/app/session-storage';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
markColorScheme(document.documentElement, window);

const services = createAppServices({
  store: createSessionStore(STORAGE_KEY_PREFIX, window.localStorage, window),
  inspect: await devInspector(),
});

startConsole(root, services);
