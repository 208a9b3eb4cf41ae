import { BrowserRouter } from 'react-router';
import { AuthFlowBridge } from '@/app/auth-flow';
import { Providers } from '@/app/providers';
import type { AppServices } from '@/app/services';
import { ServicesProvider } from '@/app/services-context';
import { ConsoleRoutes } from '@/routes/console-routes';

// react-router's declarative mode (decision 004): the data router's loaders, lazy route objects
// and matches API weigh about 16 KB gz on every first visit, and the console needs none of them.
export function App({ services }: { services: AppServices }) {
  return (
    <Providers>
      <ServicesProvider services={services}>
        <BrowserRouter>
          <AuthFlowBridge services={services} />
          <ConsoleRoutes />
        </BrowserRouter>
      </ServicesProvider>
    </Providers>
  );
}
