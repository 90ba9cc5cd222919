/** The Sync Desk feature's public face. */
export { SyncdeskPage } from './components/syncdesk-page';
export { preloadDesk } from './preload-desk';
export { useSyncdeskStore, resetSyncdeskStore, type SyncdeskState } from './store/syncdesk-store';
