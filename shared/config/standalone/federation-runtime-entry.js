// The standalone page of a remote: remotes are built with `experiments.externalRuntime`, so their entries read
// the federation runtime from this global, which the host provides in the composed product. On its own page a
// remote has no host, so this script (loaded before the remote's main.js) provides the same runtime.
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
