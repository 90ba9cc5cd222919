/** JSON Schemas of the answers that are not entities. */
import { Type } from '@sinclair/typebox';
import { EnvironmentSchema, NotificationSchema } from './entities';

export const MessageResponseSchema = Type.Object({ message: Type.String() });

export const TokenResponseSchema = Type.Object({
  access_token: Type.String(),
  message: Type.Optional(Type.String()),
});

export const TwoFactorRequiredResponseSchema = Type.Object(
  { two_factor_required: Type.Literal(true), message: Type.String() },
  { description: 'Login answer when two-factor is on and no code was sent.' },
);

export const ConnectResponseSchema = Type.Object({
  url: Type.String({ description: "The broker's consent page to open." }),
  message: Type.String(),
});

export const WsTicketResponseSchema = Type.Object({
  ticket: Type.String(),
  expires_in: Type.Integer({ description: 'Seconds.' }),
});

export const NotificationListSchema = Type.Object({
  notifications: Type.Array(NotificationSchema),
  unread: Type.Integer({ minimum: 0 }),
});

export const TwoFactorStatusSchema = Type.Object({ enabled: Type.Boolean() });

export const TwoFactorSetupSchema = Type.Object({
  secret: Type.String(),
  otpauth_url: Type.String(),
  qr_data_url: Type.String({ description: 'A PNG data URL of the QR code.' }),
});

export const TwoFactorEnabledSchema = Type.Object({
  message: Type.String(),
  recovery_codes: Type.Array(Type.String()),
});

export const ImportResultSchema = Type.Object({
  imported: Type.Integer({ minimum: 0 }),
  duplicates: Type.Integer({ minimum: 0 }),
  message: Type.String(),
});

export const ErrorBodySchema = Type.Object(
  { detail: Type.String() },
  { description: 'Every error answers `{ detail }` (docs/adr/0003).' },
);

export const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Literal('ok'),
  time: Type.String({ format: 'date-time' }),
});

/** A mail of the local outbox (development and browser tests only). */
export const OutboxMailSchema = Type.Object({
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  links: Type.Array(Type.String(), { description: 'The links found in the text (the reset link).' }),
});

/** `/config.json`: where the host finds the API and the feed (served by the web plugin). */
export const WebConfigSchema = Type.Object({ apiBaseUrl: Type.String(), feedUrl: Type.String() });

/** `/remotes.json`: each remote's manifest address. */
export const RemotesManifestSchema = Type.Record(Type.String(), Type.String());

export const ApiKeyConnectResponseSchema = Type.Object({
  message: Type.String(),
  connection_id: Type.Integer(),
});

/** A gateway the operator configured for a broker that signs in with a password: its name, never its address. */
export const BrokerGatewaySchema = Type.Object({
  name: Type.String(),
  environment: EnvironmentSchema,
});

export const GatewaySystemsResponseSchema = Type.Object({
  gateway: Type.String(),
  systems: Type.Array(Type.String(), {
    maxItems: 200,
    description: 'The systems the gateway lists (e.g. "Rithmic Paper Trading", "Rithmic 01", "Apex").',
  }),
});
