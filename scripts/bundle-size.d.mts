/** Gzip bytes of an app's initial JavaScript, read from its federation manifest (`bundle-size.mjs`). */
export interface AppSizes {
  /** Per exposed module: `remoteEntry.js` and the module's synchronous chunks. */
  exposes: Record<string, number>;
  shared: number;
  entry: number;
}
export function appSizes(dir: string): AppSizes | null;
export function printSizes(root: string): void;
