/** The security feature's public face. */
export { SecurityTab } from './components/security-tab';
