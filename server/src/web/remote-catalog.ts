import remoteList from '@synctrade/config/remotes.json';

/**
 * The federation remotes the default set-up serves: name in `remotes.json` → the package folder that builds it.
 * The one list of remotes is `shared/config/remotes.json`.
 */
export const REMOTES: readonly { name: string; dir: string }[] = remoteList.map(({ name, pkg }) => ({
  name,
  dir: pkg,
}));

export type RemoteName = (typeof REMOTES)[number]['name'];
