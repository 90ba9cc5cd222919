/** Daily and Weekly views: one card per day or week of the chosen range. */
export { PeriodPage } from './components/period-page';
