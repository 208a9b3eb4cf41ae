import { useNavigate } from 'react-router';
import { pathTo } from '@/routes/route-table';
import { NotFound } from '@/ui/NotFound';

/** The catch-all page (inside the public layout). */
export function NotFoundPage() {
  const navigate = useNavigate();
  return <NotFound homeHref={pathTo('home')} onNavigate={(href) => navigate(href)} />;
}
