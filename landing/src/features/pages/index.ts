export { InfoPageView } from './components/info-page-view';
export { INFO_PAGES, infoPageAt, type InfoPage } from './content';
