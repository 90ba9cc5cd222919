import type { ReadingVerdict } from '../ports';

/** A reading that asks nothing of the engine. */
export const QUIET: ReadingVerdict = Object.freeze({ flatten: null, leaderBreach: null });
