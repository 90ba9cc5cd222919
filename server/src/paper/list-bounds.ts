/**
 * Limit orders one paper account may keep working: the desk's list of working orders and the paper ledger hold
 * them all, so the lists stay this short per account.
 */
export const MAX_WORKING_PER_ACCOUNT = 200;

export const WORKING_ORDERS_BOUND = `Working orders of the user's accounts: at most ${MAX_WORKING_PER_ACCOUNT} per paper account (a further limit order is refused with 409), a broker's accounts as many as the broker holds.`;
