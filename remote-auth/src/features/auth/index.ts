/** The public face of the shared auth feature: its store, layout and form pieces. */
export { useAuthStore, type AuthView, type LoginOutcome } from './store/auth-store';
export { AuthLayout } from './components/auth-layout';
export {
  onPrimary,
  Form,
  Lead,
  SubmitButton,
  LinkButton,
  Between,
  Footnote,
  Divider,
} from './components/form-parts';
export { TextField } from './components/text-field';
export { PasswordInput } from './components/password-input';
export { TermsCheckbox } from './components/terms-checkbox';
export { GoogleButton } from './components/google-button';
export { useRedirectTarget, safeRedirectTarget } from './hooks/use-redirect-target';
