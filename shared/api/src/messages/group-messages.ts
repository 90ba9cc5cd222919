/** The copy groups' validation messages (the spec has no text for groups). */
export const GROUP_MESSAGE = {
  nameRequired: 'Group name is required',
  nameMax: 'Group name must be at most 60 characters',
  nameText: 'Group name must be text',
  accountId: 'account_id must be the id of one of your accounts',
  position: 'position must be keep or align',
  deleted: 'Group deleted successfully',
  created: (name: string) => `Group "${name}" created`,
  renamed: 'Group renamed',
  paused: 'Group paused: its followers copy nothing until it is resumed',
  resumed: 'Group resumed',
  movedKeep: 'Account moved; its position is kept until its new leader trades',
  movedAlign: 'Account moved and brought to its new leader × ratio',
} as const;

export const GROUP_NAME_MAX = 60;
