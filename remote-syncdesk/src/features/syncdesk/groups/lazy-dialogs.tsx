import { lazy } from 'react';

// The groups' and copy settings' dialogs (and the form library some of them use) load when first opened, after the
// desk itself: the desk's first load stays within its budget.
export const LazyGroupNameDialog = lazy(() =>
  import('./group-name-dialog').then((m) => ({ default: m.GroupNameDialog })),
);
export const LazyMoveAccountDialog = lazy(() =>
  import('./move-account-dialog').then((m) => ({ default: m.MoveAccountDialog })),
);
export const LazyCopySettingsDialog = lazy(() =>
  import('../copy-settings/copy-settings-dialog').then((m) => ({ default: m.CopySettingsDialog })),
);
