export { webPlugin } from './web-plugin';
export { loadWebConfig, type WebConfig } from './web-config';
export { readDeployState, isSafeVersion, type DeployState } from './deploy-state';
export { REMOTES, type RemoteName } from './remote-catalog';
