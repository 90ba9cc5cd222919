/** A follower's copy settings (fixed quantity, copy mode, contract filter): the spec has no text for them. */
export const COPY_SETTINGS_MESSAGE = {
  fixedQty: 'fixed_qty must be a whole number of contracts from 1 to 1000, or null to copy at the ratio',
  copyMode: 'copy_mode must be mirror or fills',
  contracts: 'contracts must be a list of contract roots (ES, MES, NQ, MNQ, CL, MCL, GC, MGC)',
  saved: 'Copy settings saved',
} as const;

export const FIXED_QTY_MAX = 1000;
