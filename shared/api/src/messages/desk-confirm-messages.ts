/** The Sync Desk's confirmations before actions that trade (the spec has no text for them). */
export const DESK_CONFIRM = {
  changeLeaderTitle: 'Change leader',
  followersQuestion: "What happens to the followers' positions?",
  alignOption: 'Align followers to the new leader now',
  alignHint: 'These orders are sent at market now:',
  keepOption: "Keep followers' positions and copy from the new leader's next trade",
  keepHint:
    "Nothing is sent now. These followers show out of sync until the new leader's next trade aligns them:",
  nothingToAlign: 'Every follower already matches the new leader × ratio: nothing is sent.',
  noFollowers: 'There are no followers: nothing is sent.',
  confirmChange: 'Change leader',
  back: 'Back',
  flattenAllTitle: 'Flatten all accounts?',
  flattenOneTitle: 'Flatten this account?',
  flattenHint: 'Positions are closed at market and working orders are canceled:',
  flattenNothing: 'No open position and no working order: nothing will be sent.',
  confirmFlatten: 'Flatten',
  cancelOrdersTitle: 'Cancel all orders?',
  cancelOrdersHint: 'These working orders are canceled:',
  noWorkingOrders: 'There are no working orders to cancel.',
  confirmCancelOrders: 'Cancel orders',
  keepOrders: 'Keep orders',
  loadingOrders: 'Loading working orders…',
  disableAllTitle: 'Disable all followers?',
  disableAllHint:
    'Copying stops for every follower. Open positions and working orders stay as they are on each follower account, and SyncTrade no longer manages them: close or watch them yourself.',
  confirmDisableAll: 'Disable all followers',
  keepCopying: 'Keep copying',
  ordersUnavailable: 'The working orders could not be loaded; positions shown are from the desk.',
} as const;

/** Server answers to a bad leader change. */
export const LEADER_CHANGE_MESSAGE = {
  body: 'The body must be an object with only followers',
  followers: 'followers must be align or keep',
} as const;
