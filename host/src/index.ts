import { registerRemotesAtStartup } from './features/federation/remote-registry';
import { startStartupReads } from './features/startup/startup-reads';

// The runtime config and the remote list are fetched, and the opened page's remote with them, while the
// shell's own code loads below. Nothing here touches a shared library: they are not negotiated yet.
startStartupReads();
void registerRemotesAtStartup(window.location.pathname);

// An async boundary so federation can negotiate shared singletons before any of them runs.
void import('./bootstrap');
