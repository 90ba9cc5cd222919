/** The copy groups' validation messages (the spec has no text for groups). */
export const GROUP_MESSAGE = {
  nameRequired: 'Group name is required',
  nameMax: 'Group name must be at most 60 characters',
  nameText: 'Group name must be text',
  accountId: 'account_id must be the id of one of your accounts',
  position: 'position must be keep or align',
  deleted: 'Group deleted successfully',
} as const;

export const GROUP_NAME_MAX = 60;
