/**
 * Every route of the server, by `METHOD /url` (Fastify's syntax, API prefix included): its params, query,
 * body and answers. The server attaches these to its routes (validation, serialization, the OpenAPI
 * document); component tests check their stubbed answers against them.
 */
import { Kind, Type, type TSchema } from '@sinclair/typebox';
import { ALERT_ROUTE_SCHEMAS } from './alerts-routes';
import { PROPFIRM_ROUTE_SCHEMAS } from './propfirm-routes';
import { QUALITY_ROUTE_SCHEMAS } from './quality-routes';
import {
  AccountSummarySchema,
  BrokerSchema,
  ConnectionDetailsSchema,
  ConnectionSchema,
  CopyGroupSchema,
  ConnectionHealthSchema,
  DayJournalSchema,
  HistoryDataSchema,
  MarketQuoteSchema,
  OrderDataSchema,
  PaperLedgerSchema,
  ProfileSchema,
  RiskSettingsSchema,
  CopySettingsSchema,
  SyncAccountSchema,
  WorkingOrderSchema,
} from './entities';
import {
  ApiKeyConnectPayloadSchema,
  ConnectQuerySchema,
  CrossPayloadSchema,
  DateRangeQuerySchema,
  DayNotePayloadSchema,
  FlattenPayloadSchema,
  ForgotPasswordPayloadSchema,
  GatewaySystemsQuerySchema,
  GroupMovePayloadSchema,
  KillSwitchPayloadSchema,
  GroupNamePayloadSchema,
  HistoryQuerySchema,
  ImportTradesPayloadSchema,
  JournalPayloadSchema,
  LeaderChangePayloadSchema,
  LoginConnectPayloadSchema,
  LoginPayloadSchema,
  PasswordChangePayloadSchema,
  ProfileUpdatePayloadSchema,
  RatioPayloadSchema,
  RegisterPayloadSchema,
  ResetPasswordPayloadSchema,
  RiskSettingsPayloadSchema,
  CopySettingsPayloadSchema,
  TicketOrderPayloadSchema,
  TicketChangePayloadSchema,
  TicketCancelPayloadSchema,
  TwoFactorCodePayloadSchema,
} from './payloads';
import {
  ApiKeyConnectResponseSchema,
  BrokerGatewaySchema,
  ConnectResponseSchema,
  ErrorBodySchema,
  GatewaySystemsResponseSchema,
  HealthSchema,
  ImportResultSchema,
  MessageResponseSchema,
  NotificationListSchema,
  OutboxMailSchema,
  RemotesManifestSchema,
  TokenResponseSchema,
  TwoFactorEnabledSchema,
  TwoFactorRequiredResponseSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  WebConfigSchema,
  WsTicketResponseSchema,
} from './responses';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** An answer that is not JSON (a page, an image, a redirect): documented, never serialized. */
export interface NonJsonAnswer {
  description: string;
  content?: Record<string, { schema: TSchema }>;
}
export type AnswerSchema = TSchema | NonJsonAnswer;

export interface RouteSchema {
  summary?: string;
  params?: TSchema;
  querystring?: TSchema;
  /** Only for routes that read a JSON (or form) body: a body schema makes an empty body a 400. */
  body?: TSchema;
  /** By status code (`200`, `'4xx'`); every route also answers `{ detail }` on 4xx and 5xx. */
  response: Record<string, AnswerSchema>;
}

const API = '/api/v1';
const Id = (name: string) =>
  Type.Object({
    [name]: Type.String({ description: 'A numeric id; anything else answers 404 like an unknown id.' }),
  });
const Toggle = (values: string) =>
  Type.Object({
    id: Type.String({ description: 'A numeric id; anything else answers 404.' }),
    param: Type.String({ description: `${values}; anything else answers 404.` }),
  });
const Text = (description: string) => Type.String({ maxLength: 10_000, description });
const html = (description: string): NonJsonAnswer => ({
  description,
  content: { 'text/html': { schema: Type.String() } },
});
const text = (description: string): NonJsonAnswer => ({
  description,
  content: { 'text/plain': { schema: Type.String() } },
});
const redirect = (description: string): NonJsonAnswer => ({ description });

/** The JSON answers of a route, plus `{ detail }` on every error. */
function answers(ok: Record<number, AnswerSchema>): Record<string, AnswerSchema> {
  return { ...ok, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
}
const message = answers({ 200: MessageResponseSchema });
/** A desk list or action narrowed to one group: every account of the trader when left out (the spec's calls). */
const GroupFilterQuery = Type.Object({
  groupId: Type.Optional(
    Type.String({
      maxLength: 12,
      description:
        "Only this group's accounts; all of the trader's when left out; another's group answers 404.",
    }),
  ),
});

export const ROUTE_SCHEMAS = {
  [`GET ${API}/health`]: { response: answers({ 200: HealthSchema }) },
  [`GET ${API}/openapi.json`]: {
    response: answers({ 200: Type.Object({}, { additionalProperties: true }) }),
  },

  [`POST ${API}/auth/register`]: {
    body: RegisterPayloadSchema,
    response: answers({ 201: TokenResponseSchema }),
  },
  [`POST ${API}/auth/login`]: {
    body: LoginPayloadSchema,
    response: answers({ 200: TokenResponseSchema, 202: TwoFactorRequiredResponseSchema }),
  },
  [`POST ${API}/auth/logout`]: { response: message },
  [`POST ${API}/auth/ws-ticket`]: { response: answers({ 200: WsTicketResponseSchema }) },
  [`POST ${API}/auth/forgot-password`]: {
    body: ForgotPasswordPayloadSchema,
    response: message,
  },
  [`POST ${API}/auth/reset-password`]: {
    body: ResetPasswordPayloadSchema,
    response: message,
  },
  [`POST ${API}/auth/profile/password`]: {
    body: PasswordChangePayloadSchema,
    response: message,
  },
  [`GET ${API}/auth/2fa`]: { response: answers({ 200: TwoFactorStatusSchema }) },
  [`POST ${API}/auth/2fa/setup`]: { response: answers({ 200: TwoFactorSetupSchema }) },
  [`POST ${API}/auth/2fa/enable`]: {
    body: TwoFactorCodePayloadSchema,
    response: answers({ 200: TwoFactorEnabledSchema }),
  },
  [`POST ${API}/auth/2fa/disable`]: { body: TwoFactorCodePayloadSchema, response: message },

  [`GET ${API}/auth/profile`]: { response: answers({ 200: ProfileSchema }) },
  [`PUT ${API}/auth/profile`]: {
    body: ProfileUpdatePayloadSchema,
    response: answers({ 200: ProfileSchema }),
  },
  // Multipart (field `photo`): the body is read as a stream by the route, so it has no body schema.
  [`POST ${API}/auth/profile/photo`]: { response: answers({ 200: ProfileSchema }) },
  [`GET ${API}/photos/:id`]: {
    params: Type.Object({ id: Type.String() }),
    response: answers({
      200: {
        description: 'The image, cacheable for good',
        content: {
          'image/jpeg': { schema: Type.String({ format: 'binary' }) },
          'image/png': { schema: Type.String({ format: 'binary' }) },
        },
      },
    }),
  },

  [`GET ${API}/brokers`]: { response: answers({ 200: Type.Array(BrokerSchema) }) },
  [`GET ${API}/brokers/:broker/connect`]: {
    params: Type.Object({ broker: Type.String() }),
    querystring: ConnectQuerySchema,
    response: answers({ 200: ConnectResponseSchema }),
  },
  [`POST ${API}/brokers/:broker/connect-key`]: {
    params: Type.Object({ broker: Type.String() }),
    body: ApiKeyConnectPayloadSchema,
    response: answers({ 201: ApiKeyConnectResponseSchema }),
  },
  [`GET ${API}/brokers/:broker/gateways`]: {
    params: Type.Object({ broker: Type.String() }),
    response: answers({ 200: Type.Array(BrokerGatewaySchema, { maxItems: 50 }) }),
  },
  [`GET ${API}/brokers/:broker/systems`]: {
    params: Type.Object({ broker: Type.String() }),
    querystring: GatewaySystemsQuerySchema,
    response: answers({ 200: GatewaySystemsResponseSchema }),
  },
  [`POST ${API}/brokers/:broker/connect-login`]: {
    params: Type.Object({ broker: Type.String() }),
    body: LoginConnectPayloadSchema,
    response: answers({ 201: ApiKeyConnectResponseSchema }),
  },
  [`GET ${API}/brokers/:broker/callback`]: {
    params: Type.Object({ broker: Type.String() }),
    querystring: Type.Object({
      code: Type.Optional(Type.String()),
      state: Type.Optional(Type.String()),
      error: Type.Optional(Type.String()),
    }),
    response: answers({ 302: redirect('Back to /connections with the outcome') }),
  },
  [`GET ${API}/brokers/connections`]: { response: answers({ 200: Type.Array(ConnectionSchema) }) },
  [`GET ${API}/brokers/connections/:id/account-info`]: {
    params: Id('id'),
    response: answers({ 200: ConnectionDetailsSchema }),
  },
  [`DELETE ${API}/brokers/connections/:id`]: { params: Id('id'), response: message },
  [`PUT ${API}/brokers/connections/:id/accounts/:param`]: {
    params: Toggle('enable-all or disable-all'),
    response: message,
  },
  [`PUT ${API}/brokers/connections/:id/:param`]: { params: Toggle('enable or disable'), response: message },
  [`GET ${API}/brokers/accounts`]: { response: answers({ 200: Type.Array(AccountSummarySchema) }) },
  [`PUT ${API}/brokers/accounts/:id/:param`]: { params: Toggle('enable or disable'), response: message },

  [`GET ${API}/notifications`]: { response: answers({ 200: NotificationListSchema }) },
  [`PUT ${API}/notifications/read-all`]: { response: message },
  [`PUT ${API}/notifications/:id/read`]: { params: Id('id'), response: message },
  [`GET ${API}/dev/outbox/latest`]: {
    querystring: Type.Object({ to: Type.Optional(Text('The address the mail was sent to')) }),
    response: answers({ 200: OutboxMailSchema }),
  },

  [`PUT ${API}/copier/accounts/:id/master`]: {
    params: Id('id'),
    body: LeaderChangePayloadSchema,
    response: message,
  },
  [`GET ${API}/copier/orders/working`]: {
    querystring: GroupFilterQuery,
    response: answers({ 200: Type.Array(WorkingOrderSchema) }),
  },
  [`GET ${API}/sim/accounts/:id/ledger`]: { params: Id('id'), response: answers({ 200: PaperLedgerSchema }) },
  [`PUT ${API}/copier/accounts/:id/follower`]: { params: Id('id'), response: message },
  [`PUT ${API}/copier/accounts/:id/ratio`]: { params: Id('id'), body: RatioPayloadSchema, response: message },
  [`PUT ${API}/copier/accounts/:id/cross`]: { params: Id('id'), body: CrossPayloadSchema, response: message },
  [`PUT ${API}/copier/followers/disable-all`]: { querystring: GroupFilterQuery, response: message },
  [`GET ${API}/copier/groups`]: { response: answers({ 200: Type.Array(CopyGroupSchema) }) },
  [`GET ${API}/copier/connections/health`]: {
    response: answers({ 200: Type.Array(ConnectionHealthSchema) }),
  },
  [`POST ${API}/copier/groups`]: {
    body: GroupNamePayloadSchema,
    response: answers({ 201: CopyGroupSchema }),
  },
  [`PUT ${API}/copier/groups/:id/name`]: {
    params: Id('id'),
    body: GroupNamePayloadSchema,
    response: answers({ 200: CopyGroupSchema }),
  },
  [`POST ${API}/copier/groups/:id/pause`]: { params: Id('id'), response: answers({ 200: CopyGroupSchema }) },
  [`POST ${API}/copier/groups/:id/resume`]: { params: Id('id'), response: answers({ 200: CopyGroupSchema }) },
  [`DELETE ${API}/copier/groups/:id`]: { params: Id('id'), response: message },
  [`POST ${API}/copier/kill-switch`]: { body: KillSwitchPayloadSchema, response: message },
  [`POST ${API}/copier/groups/:id/accounts`]: {
    params: Id('id'),
    body: GroupMovePayloadSchema,
    response: answers({ 200: CopyGroupSchema }),
  },
  [`GET ${API}/copier/accounts/:id/risk`]: {
    params: Id('id'),
    response: answers({ 200: RiskSettingsSchema }),
  },
  [`PUT ${API}/copier/accounts/:id/risk`]: {
    params: Id('id'),
    body: RiskSettingsPayloadSchema,
    response: answers({ 200: RiskSettingsSchema }),
  },
  [`GET ${API}/copier/accounts/:id/copy-settings`]: {
    params: Id('id'),
    response: answers({ 200: CopySettingsSchema }),
  },
  [`PUT ${API}/copier/accounts/:id/copy-settings`]: {
    params: Id('id'),
    body: CopySettingsPayloadSchema,
    response: answers({ 200: CopySettingsSchema }),
  },
  [`POST ${API}/copier/accounts/:id/sync`]: { params: Id('id'), response: message },
  [`GET ${API}/brokers/accounts/table`]: { response: answers({ 200: Type.Array(SyncAccountSchema) }) },
  [`POST ${API}/brokers/accounts/flatten-positions`]: { body: FlattenPayloadSchema, response: message },
  [`POST ${API}/copier/orders/cancel-all`]: { querystring: GroupFilterQuery, response: message },
  [`GET ${API}/copier/order-data/:userId`]: {
    params: Id('userId'),
    response: answers({ 200: OrderDataSchema }),
  },
  [`GET ${API}/copier/trade-history/:userId`]: {
    params: Id('userId'),
    querystring: HistoryQuerySchema,
    response: answers({ 200: HistoryDataSchema }),
  },
  [`POST ${API}/copier/trade-history/import`]: {
    body: Type.Partial(ImportTradesPayloadSchema),
    response: answers({ 200: ImportResultSchema }),
  },
  [`PUT ${API}/copier/trade-history/trades/:tradeId/journal`]: {
    params: Id('tradeId'),
    body: JournalPayloadSchema,
    response: message,
  },
  [`GET ${API}/copier/journal/days`]: {
    querystring: DateRangeQuerySchema,
    response: answers({ 200: Type.Array(DayJournalSchema) }),
  },
  [`PUT ${API}/copier/journal/days/:date`]: {
    params: Type.Object({ date: Type.String({ description: 'YYYY-MM-DD' }) }),
    body: DayNotePayloadSchema,
    response: message,
  },

  [`GET ${API}/brokers/sim/authorize`]: {
    summary: "The paper broker's consent page",
    querystring: Type.Object({
      state: Type.Optional(Type.String()),
      redirect_uri: Type.Optional(Type.String()),
      environment: Type.Optional(Type.String()),
    }),
    response: answers({ 200: html('The consent form'), 400: html('Unknown or expired request') }),
  },
  [`POST ${API}/brokers/sim/authorize`]: {
    summary: 'Approve the paper broker connection (form post)',
    body: Type.Object({ state: Type.Optional(Type.String()) }),
    response: answers({
      302: redirect('To the redirect URI with code and state'),
      400: html('Unknown request'),
    }),
  },
  [`GET ${API}/market/quotes`]: { response: answers({ 200: Type.Array(MarketQuoteSchema) }) },
  [`POST ${API}/sim/orders`]: { body: TicketOrderPayloadSchema, response: message },
  [`PATCH ${API}/sim/orders/:orderId`]: {
    params: Id('orderId'),
    body: TicketChangePayloadSchema,
    response: message,
  },
  [`POST ${API}/sim/orders/:orderId/cancel`]: {
    params: Id('orderId'),
    body: TicketCancelPayloadSchema,
    response: message,
  },

  ...PROPFIRM_ROUTE_SCHEMAS,
  ...ALERT_ROUTE_SCHEMAS,
  ...QUALITY_ROUTE_SCHEMAS,

  // The realtime feed: a WebSocket upgrade; a bad ticket closes it with 4401 (see FEED_CLOSE).
  'GET /ws/accounts': {
    querystring: Type.Object({ token: Type.Optional(Type.String({ description: 'A single-use ticket' })) }),
    response: answers({ 101: { description: 'Switching to the feed socket' } }),
  },

  // The web app (default single-machine set-up).
  'GET /config.json': { response: answers({ 200: WebConfigSchema }) },
  'GET /remotes.json': { response: answers({ 200: RemotesManifestSchema }) },
  'GET /robots.txt': {
    response: answers({ 200: text('What crawlers may index: public pages yes, API and signed-in areas no') }),
  },
  'GET /*': { response: answers({ 200: html("The single-page app's index.html") }) },
} satisfies Record<string, RouteSchema>;

export type RouteKey = keyof typeof ROUTE_SCHEMAS;

/** The schema entry of one registered route, or undefined. `HEAD` uses its `GET`. */
export function routeSchemaOf(method: string, url: string): RouteSchema | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return (ROUTE_SCHEMAS as Record<string, RouteSchema>)[key];
}

/** True for an answer entry that carries a JSON body schema (not a page, an image or a redirect). */
export function isJsonAnswer(answer: AnswerSchema | undefined): answer is TSchema {
  return answer !== undefined && Kind in answer;
}
