/** Business constants of spec section 9. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 100,
  bioMax: 160,
  photoMaxBytes: 20 * 1024 * 1024,
  photoTypes: ['image/jpeg', 'image/png'] as readonly string[],
  photoExtensions: ['jpg', 'jpeg', 'png'] as readonly string[],
  trialDays: 7,
  ordersPollMs: 15_000,
  highlightMs: 2_000,
  chunkLoadTimeoutMs: 120_000,
} as const;

export const PASSWORD_SPECIALS = '@$!%*?&';
export const ENVIRONMENTS = ['demo', 'live'] as const;
/** Characters of a trade's journal or a day's note. */
export const JOURNAL_MAX = 5_000;
/** A trader holds at most a few hundred accounts: a longer list is refused before any work. */
export const FLATTEN_MAX_IDS = 500;
/** Row ids are the database's 32-bit integers: a larger number names no row (and the database refuses it). */
export const MAX_ROW_ID = 2_147_483_647;
