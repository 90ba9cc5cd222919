export { FaqSection } from './components/faq-section';
export { FAQ_ITEMS, INITIAL_OPEN_FAQ } from './content/faq-items';
