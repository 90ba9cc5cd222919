export { LandingPage, PAGE_TITLE, PAGE_DESCRIPTION } from './components/landing-page';
export { SiteFooter } from './components/site-footer';
export { TopBar } from './components/top-bar';
export { usePageMeta } from './hooks/use-page-meta';
