import { createContext, type ReactNode, useContext } from 'react';
import type { AppServices } from '@/app/services';

// One context for the app-wide actors and the API client. They are created outside React (the API
// client and the router's loaders need the session before anything renders), so this hands out
// the running instances rather than creating actors in a provider.
const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesProvider>');
  return services;
}
