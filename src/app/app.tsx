import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import type { AppServices } from '@/app/services';
import { ServicesProvider } from '@/app/services-context';

export function App({ services }: { services: AppServices }) {
  // Once per app: StrictMode renders twice, and a second router would run every loader again.
  const [router] = useState(() => createAppRouter(services));
  return (
    <Providers>
      <ServicesProvider services={services}>
        <RouterProvider router={router} />
      </ServicesProvider>
    </Providers>
  );
}
