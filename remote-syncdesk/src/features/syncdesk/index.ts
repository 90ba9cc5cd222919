/** The Sync Desk feature's public face. */
export { SyncdeskPage } from './components/syncdesk-page';
export { useSyncdeskStore, resetSyncdeskStore, type SyncdeskState } from './store/syncdesk-store';
