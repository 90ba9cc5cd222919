export { SignInCard } from './components/sign-in-card';
