export { ForgotPasswordPage } from './components/forgot-password-page';
export { ResetPasswordPage, resetProblem } from './components/reset-password-page';
