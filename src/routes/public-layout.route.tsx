import type { ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { getSparkHref, links } from '@/app/config';
import { useCurrentRoute } from '@/routes/current-route';
import { pathTo } from '@/routes/route-table';
import { PublicLayout } from '@/ui/PublicLayout';

/** The public layout wired to the router; `from` names the page the visitor came from. */
export function PublicFrame({ from, children }: { from: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <PublicLayout
      homeHref={pathTo('home')}
      getSparkHref={getSparkHref(from)}
      termsHref={links.termsOfService}
      privacyHref={links.privacyPolicy}
      year={new Date().getFullYear()}
      onNavigate={(href) => navigate(href)}
    >
      {children}
    </PublicLayout>
  );
}

export function PublicLayoutRoute() {
  const route = useCurrentRoute();
  return (
    <PublicFrame from={route?.name ?? 'console'}>
      <Outlet />
    </PublicFrame>
  );
}
