import path from 'node:path';
import { parseRedirectMode, type PublicUrlRedirectMode } from './public-url-redirect';
import { REMOTES } from './remote-catalog';

export interface WebConfig {
  /** The repository root holding `host/dist` and each remote's `dist`. */
  webRoot: string;
  /** Where versioned deploys live. */
  deployDir: string;
  /** `REMOTE_<NAME>_URL`: a remote served from another origin (a CDN), by its manifest URL. */
  remoteOverrides: Record<string, string>;
  apiBaseUrl: string;
  feedUrl: string;
  /** Where browsers should open the product; page loads on another name of this server go there. */
  publicUrl?: string;
  /** `REDIRECT_TO_PUBLIC_URL`: auto (between loopback names), always or never. */
  redirectToPublicUrl?: PublicUrlRedirectMode;
}

export function loadWebConfig(env: NodeJS.ProcessEnv = process.env): WebConfig {
  const webRoot = path.resolve(env.WEB_ROOT ?? path.join(__dirname, '..', '..', '..'));
  const remoteOverrides: Record<string, string> = {};
  for (const { name } of REMOTES) {
    const url = env[`REMOTE_${name.toUpperCase()}_URL`]?.trim();
    if (url) remoteOverrides[name] = url;
  }
  return {
    webRoot,
    deployDir: path.resolve(env.DEPLOY_DIR ?? path.join(webRoot, '.deploy')),
    remoteOverrides,
    apiBaseUrl: env.PUBLIC_API_BASE_URL?.trim() || '/api/v1',
    feedUrl: env.PUBLIC_FEED_URL?.trim() || '',
    redirectToPublicUrl: parseRedirectMode(env.REDIRECT_TO_PUBLIC_URL),
  };
}
