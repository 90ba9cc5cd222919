/** Texts of the ProjectX (API key) connect form and its checks, shared by the drawer and the server. */
export const PROJECTX_TEXT = {
  firmLabel: 'Firm',
  customFirm: 'Other firm (custom host)',
  customHostLabel: 'API host',
  customHostHint:
    'The REST address your firm gives for the ProjectX API, e.g. https://api.yourfirm.projectx.com',
  customHubLabel: 'Realtime host',
  customHubHint: 'Leave empty when it is the API host with rtc. in place of api.',
  userNameLabel: 'User name',
  apiKeyLabel: 'API key',
  apiKeyHint:
    'Create the key in your firm platform under Settings → API. It is checked with ProjectX now, stored encrypted, and never shown again.',
  intro:
    'ProjectX connects with your user name and an API key: no redirect. Your firm needs the ProjectX API add-on.',
  connected: (name: string) => `Connection ${name} added successfully`,
} as const;

export const PROJECTX_VALIDATION = {
  firmRequired: 'Choose your firm',
  firmUnknown: 'Unknown firm: choose one from the list or a custom host',
  customHostRequired: 'The API host is required for a custom firm',
  hostInvalid: 'The host must be an https:// address without a path, user or password',
  userNameRequired: 'User name is required',
  userNameMax: 'User name must be at most 100 characters',
  apiKeyRequired: 'API key is required',
  apiKeyMax: 'API key must be at most 500 characters',
} as const;
