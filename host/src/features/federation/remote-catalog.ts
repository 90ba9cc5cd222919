import remoteList from '@synctrade/config/remotes.json';

/** One remote's identity, from the product's one list of remotes (`shared/config/remotes.json`). */
export interface RemoteIdentity {
  /** The name in `remotes.json` (the federation name). */
  name: string;
  /** The paths the host mounts it at; a signed-in remote owns everything under its path too. */
  paths: readonly string[];
  access: 'public' | 'signed-in';
  /** Its area's name in loading and error texts. */
  displayName: string;
  /** Its label in the shell's navigation, when it has one. */
  navLabel?: string;
}

export const REMOTES: readonly RemoteIdentity[] = remoteList as readonly RemoteIdentity[];

export function remoteNamed(name: string): RemoteIdentity | undefined {
  return REMOTES.find((remote) => remote.name === name);
}

/** The remote's navigation label and first path, for a remote the shell always has. */
export function navEntry(name: string): { label: string; to: string } {
  const remote = remoteNamed(name);
  if (!remote?.navLabel || !remote.paths[0]) throw new Error(`${name} has no navigation entry`);
  return { label: remote.navLabel, to: remote.paths[0] };
}
