import type { CopyEngine } from './engine/engine';

/** What every copier route module gets from the plugin (`app.copier`). */
export interface CopierRouteOptions {
  engine: CopyEngine;
  /** Tells the desk publisher that the user's rows changed. */
  touch: (userId: number) => void;
}
