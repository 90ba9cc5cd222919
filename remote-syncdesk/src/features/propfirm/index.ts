/** The prop-firm guard's desk parts: headroom per guarded account and the firm picker. */
export { PropGuardPanel, HEADROOM_POLL_MS } from './components/prop-guard-panel';
export { usePropfirmStore, resetPropfirmStore } from './store/propfirm-store';
