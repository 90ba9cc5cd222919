/** The phone kill switch's texts (the spec has none for it). */
export const KILL_SWITCH_MESSAGE = {
  target: 'Choose one copy group or one account',
  targetId: 'group_id and account_id must be ids of your groups or accounts',
  actions: 'Choose at least one action: flatten, cancel orders or stop following',
  action: 'flatten, cancel_orders and stop_following must be true or false',
  code: 'code must be the 6-digit code of your authenticator app or a recovery code',
  codeRequired: 'Enter the code from your authenticator app to confirm',
} as const;
