import type React from 'react';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { AuthLayout, useAuthStore, type AuthView } from '../../auth';
import { SignInCard } from '../../sign-in';
import { SignUpCard } from '../../sign-up';

/** `/login?view=signup` (or router state `{ view: 'signup' }`) opens Sign Up; anything else Sign In. */
function requestedView(params: URLSearchParams, state: unknown): AuthView {
  const fromState = state && typeof state === 'object' ? (state as { view?: unknown }).view : undefined;
  const wanted = params.get('view') ?? fromState;
  return wanted === 'signup' || wanted === 'register' ? 'register' : 'login';
}

/** `/login`: one screen toggling the Sign In and Sign Up cards. */
export function LoginPage(): React.JSX.Element {
  const [params] = useSearchParams();
  const { state } = useLocation();
  const view = useAuthStore((store) => store.view);
  const setView = useAuthStore((store) => store.setView);
  const wanted = requestedView(params, state);

  // Each arrival picks its card from the address, so a Login link never lands on a stale Sign Up.
  useEffect(() => {
    setView(wanted);
  }, [wanted, setView]);

  useEffect(() => {
    document.title = view === 'register' ? 'Sign Up — SyncTrade' : 'Sign In — SyncTrade';
  }, [view]);

  return <AuthLayout>{view === 'register' ? <SignUpCard /> : <SignInCard />}</AuthLayout>;
}
