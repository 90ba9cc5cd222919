export { LandingPage, PAGE_TITLE, PAGE_DESCRIPTION } from './components/landing-page';
