export { AlertsSection } from './components/alerts-section';
export { useAlertsStore } from './store/alerts-store';
