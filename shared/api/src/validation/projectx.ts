import * as yup from 'yup';
import { PROJECTX_VALIDATION } from '../messages/projectx-messages';
import { connectQuerySchema } from './copier-schemas';
import { wire } from './wire-meta';

/**
 * ProjectX firms with their own gateway hosts (REST and the user hub). Sources: the gateway docs (TopstepX,
 * demo), `sanderd/ATAS-Tradecopier` vendor table (TopstepX, Lucid Trading), the canompx3 reference
 * (The Futures Desk). Any other firm: a custom host.
 */
export const PROJECTX_FIRMS = [
  {
    id: 'topstepx',
    name: 'TopstepX',
    restUrl: 'https://api.topstepx.com',
    hubUrl: 'https://rtc.topstepx.com/hubs/user',
  },
  {
    id: 'lucidtrading',
    name: 'Lucid Trading',
    restUrl: 'https://api.lucidtrading.projectx.com',
    hubUrl: 'https://rtc.lucidtrading.projectx.com/hubs/user',
  },
  {
    id: 'thefuturesdesk',
    name: 'The Futures Desk',
    restUrl: 'https://api.thefuturesdesk.projectx.com',
    hubUrl: 'https://rtc.thefuturesdesk.projectx.com/hubs/user',
  },
  {
    id: 'projectx-demo',
    name: 'ProjectX demo gateway',
    restUrl: 'https://gateway-api-demo.s2f.projectx.com',
    hubUrl: 'https://gateway-rtc-demo.s2f.projectx.com/hubs/user',
  },
] as const;

export type ProjectXFirm = (typeof PROJECTX_FIRMS)[number];
export const CUSTOM_FIRM = 'custom';

// Typed as text: the wire type stays a string, as the drawer sends what the trader picked.
const FIRM_IDS: readonly string[] = [...PROJECTX_FIRMS.map((firm) => firm.id), CUSTOM_FIRM];

/** `POST /brokers/projectx/connect-key`: the drawer's fields (name and environment as for every broker). */
export const apiKeyConnectSchema = connectQuerySchema.shape({
  firm: yup
    .string()
    .trim()
    .required(PROJECTX_VALIDATION.firmRequired)
    .oneOf(FIRM_IDS, PROJECTX_VALIDATION.firmUnknown)
    .meta(
      wire({
        description: 'A known firm id, or `custom` with `custom_host` (and optionally `custom_hub`).',
      }),
    ),
  custom_host: yup
    .string()
    .trim()
    .max(300, PROJECTX_VALIDATION.hostInvalid)
    .when('firm', {
      is: CUSTOM_FIRM,
      then: (schema) => schema.required(PROJECTX_VALIDATION.customHostRequired),
      otherwise: (schema) => schema.optional(),
    }),
  custom_hub: yup.string().trim().max(300, PROJECTX_VALIDATION.hostInvalid).optional(),
  user_name: yup
    .string()
    .trim()
    .required(PROJECTX_VALIDATION.userNameRequired)
    .max(100, PROJECTX_VALIDATION.userNameMax),
  api_key: yup
    .string()
    .trim()
    .required(PROJECTX_VALIDATION.apiKeyRequired)
    .max(500, PROJECTX_VALIDATION.apiKeyMax),
});
