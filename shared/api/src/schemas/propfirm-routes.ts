/** The prop-firm guard's routes, spread into `ROUTE_SCHEMAS` (kept apart so the table stays easy to merge). */
import { Type, type TSchema } from '@sinclair/typebox';
import {
  AccountPropRulesSchema,
  NewsEventPayloadSchema,
  NewsEventSchema,
  PropHeadroomSchema,
  PropMailSettingsSchema,
  PropPresetListSchema,
  PropRuleEditSchema,
  PropRuleEditsSchema,
  PropRulesSchema,
} from './propfirm';
import { ErrorBodySchema, MessageResponseSchema } from './responses';

const API = '/api/v1';
const Id = Type.Object({
  id: Type.String({ description: 'A numeric id; anything else answers 404 like an unknown id.' }),
});
const answers = (ok: Record<number, TSchema>): Record<string, TSchema> => ({
  ...ok,
  '4xx': ErrorBodySchema,
  '5xx': ErrorBodySchema,
});

export const PROPFIRM_ROUTE_SCHEMAS = {
  [`GET ${API}/propfirm/presets`]: { response: answers({ 200: PropPresetListSchema }) },
  [`GET ${API}/propfirm/accounts/:id/rules`]: {
    params: Id,
    response: answers({ 200: AccountPropRulesSchema }),
  },
  [`PUT ${API}/propfirm/accounts/:id/rules`]: {
    params: Id,
    body: PropRulesSchema,
    response: answers({ 200: AccountPropRulesSchema }),
  },
  [`PATCH ${API}/propfirm/accounts/:id/rules`]: {
    params: Id,
    body: PropRuleEditSchema,
    response: answers({ 200: AccountPropRulesSchema }),
  },
  [`PATCH ${API}/propfirm/accounts/:id/rules/values`]: {
    params: Id,
    body: PropRuleEditsSchema,
    response: answers({ 200: AccountPropRulesSchema }),
  },
  [`DELETE ${API}/propfirm/accounts/:id/rules`]: {
    params: Id,
    response: answers({ 200: MessageResponseSchema }),
  },
  [`GET ${API}/propfirm/headroom`]: { response: answers({ 200: Type.Array(PropHeadroomSchema) }) },
  [`GET ${API}/propfirm/mail-settings`]: { response: answers({ 200: PropMailSettingsSchema }) },
  [`PUT ${API}/propfirm/mail-settings`]: {
    body: PropMailSettingsSchema,
    response: answers({ 200: PropMailSettingsSchema }),
  },
  [`GET ${API}/propfirm/events`]: { response: answers({ 200: Type.Array(NewsEventSchema) }) },
  [`POST ${API}/propfirm/events`]: {
    body: NewsEventPayloadSchema,
    response: answers({ 200: NewsEventSchema }),
  },
  [`DELETE ${API}/propfirm/events/:id`]: { params: Id, response: answers({ 200: MessageResponseSchema }) },
};
