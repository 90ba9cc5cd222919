/**
 * JSON Schemas of request bodies and queries; the wire types the client sends are derived from them. A payload
 * with a shared yup schema (`@synctrade/api/validation`: required fields, formats, ranges and the spec's
 * messages) takes its JSON Schema from it (`payloadSchema`), so its fields are stated once; the others are
 * described here, and their routes check the rest.
 */
import { Type } from '@sinclair/typebox';
import { Nullable } from './helpers';
import {
  apiKeyConnectSchema,
  connectQuerySchema,
  crossSchema,
  dayNoteSchema,
  flattenSchema,
  forgotPasswordSchema,
  gatewaySystemsQuerySchema,
  groupMoveSchema,
  killSwitchSchema,
  groupNameSchema,
  journalSchema,
  leaderChangeSchema,
  loginConnectSchema,
  loginPayloadSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  ratioSchema,
  registerPayloadSchema,
  resetPasswordPayloadSchema,
  riskSettingsSchema,
  copySettingsSchema,
  ticketOrderSchema,
  ticketChangeSchema,
  ticketCancelSchema,
  twoFactorCodeSchema,
  MAX_IMPORT_ROWS,
  type ImportTradeRow,
} from '../validation';
import { payloadSchema } from './payload-schema';

export { FLATTEN_MAX_IDS } from '../validation/constants';

export const LoginPayloadSchema = payloadSchema(loginPayloadSchema);
export const RegisterPayloadSchema = payloadSchema(registerPayloadSchema);
/** A body that is not an object changes nothing; a field left out keeps its value. */
export const ProfileUpdatePayloadSchema = payloadSchema(profileUpdateSchema, { nonObjectIgnored: true });
export const PasswordChangePayloadSchema = payloadSchema(passwordChangeSchema);
export const ForgotPasswordPayloadSchema = payloadSchema(forgotPasswordSchema);
export const ResetPasswordPayloadSchema = payloadSchema(resetPasswordPayloadSchema);
export const ConnectQuerySchema = payloadSchema(connectQuerySchema);
export const RatioPayloadSchema = payloadSchema(ratioSchema);
export const CrossPayloadSchema = payloadSchema(crossSchema);
export const FlattenPayloadSchema = payloadSchema(flattenSchema);
export const RiskSettingsPayloadSchema = payloadSchema(riskSettingsSchema);
/** A field left out keeps its value. */
export const CopySettingsPayloadSchema = payloadSchema(copySettingsSchema);
/** A range of exit days, both ends included (trade history and day journals). */
export const DateRangeQuerySchema = Type.Object({
  start_date: Type.Optional(Type.String({ maxLength: 40, description: 'YYYY-MM-DD' })),
  end_date: Type.Optional(Type.String({ maxLength: 40, description: 'YYYY-MM-DD' })),
});
/** Trade history: a range, and the paged form's page and time zone (each bad value answers 400). */
export const HistoryQuerySchema = Type.Composite([
  DateRangeQuerySchema,
  Type.Object({
    limit: Type.Optional(
      Type.String({
        maxLength: 12,
        description: 'Paged form: trades per page, a whole number from 1 to 500.',
      }),
    ),
    offset: Type.Optional(
      Type.String({ maxLength: 12, description: 'Paged form: trades to skip, a whole number from 0.' }),
    ),
    tz: Type.Optional(
      Type.String({
        maxLength: 64,
        description: 'Paged form: IANA time zone of the per-day totals (default UTC).',
      }),
    ),
    account_id: Type.Optional(
      Type.String({ maxLength: 12, description: "Only this account's trades (and statistics)." }),
    ),
    group_id: Type.Optional(
      Type.String({ maxLength: 12, description: "Only the trades of this copy group's accounts." }),
    ),
    scope: Type.Optional(
      Type.String({
        maxLength: 12,
        description:
          "`all` (default): every trade, copies included; `leaders`: only the leaders' trades. One of account_id, group_id or scope=leaders at most.",
      }),
    ),
  }),
]);
/** The desk's paper order ticket (the route finds the account before the other fields are read). */
export const TicketOrderPayloadSchema = payloadSchema(ticketOrderSchema);
/** New prices of a working paper order. */
export const TicketChangePayloadSchema = payloadSchema(ticketChangeSchema);
/** The paper account of the working order to cancel. */
export const TicketCancelPayloadSchema = payloadSchema(ticketCancelSchema);

export const ImportTradesPayloadSchema = Type.Object({
  trades: Type.Array(
    // Each row is checked by the route with the shared row rules, whose message names the row
    // ("Row 2: qty must be greater than 0").
    Type.Unsafe<ImportTradeRow>({
      type: 'object',
      description:
        'An imported trade (ImportTradeRow: symbol, side buy or sell, qty above 0, entry_time and exit_time as ' +
        'ISO date-times, entry_price, exit_price, pnl, external_id); the route checks every field and names the row.',
    }),
    { maxItems: MAX_IMPORT_ROWS },
  ),
  account_id: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1,
        description:
          "The trader's account the trades were made on: they show under its name and connection, and count in its history.",
      }),
    ),
  ),
});
export const JournalPayloadSchema = payloadSchema(journalSchema);
export const DayNotePayloadSchema = payloadSchema(dayNoteSchema);
export const TwoFactorCodePayloadSchema = payloadSchema(twoFactorCodeSchema);

/** Connects a broker that signs in with a user name and API key (ProjectX); the key is never sent back. */
export const ApiKeyConnectPayloadSchema = payloadSchema(apiKeyConnectSchema);

/** The gateway whose systems a broker that signs in with a password (Rithmic) lists. */
export const GatewaySystemsQuerySchema = payloadSchema(gatewaySystemsQuerySchema);
/** Connects a broker that signs in with a user name and password (Rithmic); the password is never sent back. */
export const LoginConnectPayloadSchema = payloadSchema(loginConnectSchema);

/**
 * What a leader change does to the followers' positions. A body that is not an object passes the JSON Schema:
 * the rules tell an absent body (the followers are kept) from a wrong one (400).
 */
export const LeaderChangePayloadSchema = payloadSchema(leaderChangeSchema, { nonObjectIgnored: true });

/** Names a copy group (create and rename). */
export const GroupNamePayloadSchema = payloadSchema(groupNameSchema);
/** Moves an account into a copy group, with what happens to its position. */
export const GroupMovePayloadSchema = payloadSchema(groupMoveSchema);
/** The phone kill switch: one group or account, the actions, and the 2FA code when 2FA is on. */
export const KillSwitchPayloadSchema = payloadSchema(killSwitchSchema);
