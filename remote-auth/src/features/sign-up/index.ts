export { SignUpCard } from './components/sign-up-card';
export { StrengthMeter } from './components/strength-meter';
