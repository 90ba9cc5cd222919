import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { bus } from '@synctrade/event-bus';
import { setUnauthorizedHandler } from '@synctrade/api';

/** Sends the browser to /login whenever the session ends (logout, 401/403, password change), without a reload. */
export function SessionEvents(): null {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => undefined);
    return bus.on('auth:logged-out', () => navigate('/login', { replace: true }));
  }, [navigate]);
  return null;
}
