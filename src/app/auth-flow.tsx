// A 401 that survives the token refresh re-runs the auth flow from the page the user is on: the
// services reach the router through this component, which lives inside it.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AppServices } from '@/app/services';
import { loginRedirectPath } from '@/routes/login-redirect';

export function AuthFlowBridge({ services }: { services: AppServices }) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  here.current = location;
  useEffect(() => {
    services.setAuthFlow(() => {
      const { pathname, search, hash } = here.current;
      navigate(loginRedirectPath(new URL(`${pathname}${search}${hash}`, window.location.origin)));
    });
  }, [services, navigate]);
  return null;
}
