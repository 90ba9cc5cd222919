/**
 * JSON Schemas of request bodies and queries. The wire types the client sends are derived from them; the
 * server validates with them too. They check types and size caps only: required fields, formats and
 * ranges are checked by the shared yup schemas and the routes, whose messages are the spec's texts.
 */
import { Type } from '@sinclair/typebox';
import { ENVIRONMENTS } from '../validation/constants';
import { RiskSettingsSchema, type OrderTypeSchema, type SideSchema } from './entities';
import { CheckedByRoute, TEXT_CAP } from './helpers';
import type { Static } from '@sinclair/typebox';

const Text = (description?: string) =>
  Type.String(description === undefined ? { maxLength: TEXT_CAP } : { maxLength: TEXT_CAP, description });
const Environment = CheckedByRoute<(typeof ENVIRONMENTS)[number]>(
  'demo or live',
  'Anything else answers 400 "Environment must be demo or live".',
);

export const LoginPayloadSchema = Type.Object({
  email: Text(),
  password: Text(),
  otp: Type.Optional(Text('Six-digit authenticator code or a recovery code, when two-factor is on.')),
});
export const RegisterPayloadSchema = Type.Object({ email: Text(), password: Text() });
export const ProfileUpdatePayloadSchema = Type.Object({
  username: Text(),
  first_name: Text(),
  last_name: Text(),
  bio: Text(),
});
export const PasswordChangePayloadSchema = Type.Object({
  current_password: Text(),
  new_password: Text(),
  confirmPassword: Text(),
});
export const ForgotPasswordPayloadSchema = Type.Object({ email: Text() });
export const ResetPasswordPayloadSchema = Type.Object({ token: Text(), new_password: Text() });
export const ConnectQuerySchema = Type.Object({ connection_name: Text(), environment: Environment });
export const RatioPayloadSchema = Type.Object({
  ratio: CheckedByRoute<number>(
    'A number (not a string) from 0.01 to 1000, in hundredths',
    'Anything else answers 400 "Please enter a valid ratio value" (above 1000: "Ratio must be at most 1000").',
  ),
});
export const CrossPayloadSchema = Type.Object({
  cross: CheckedByRoute<boolean>('true or false', 'Anything else answers 400 "cross must be true or false".'),
});
/** A trader holds at most a few hundred accounts: a longer list is refused before any work. */
export const FLATTEN_MAX_IDS = 500;
export const FlattenPayloadSchema = Type.Array(Type.Integer(), {
  maxItems: FLATTEN_MAX_IDS,
  description: 'The list of account ids (spec section 3).',
});
export const RiskSettingsPayloadSchema = Type.Partial(RiskSettingsSchema);
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
  }),
]);
export const TicketOrderPayloadSchema = Type.Object({
  account_id: Type.Integer(),
  contract: Type.String({ maxLength: 100, description: 'A contract root (ES) or a month of it (ESZ6).' }),
  side: CheckedByRoute<Static<typeof SideSchema>>('buy or sell', 'Checked by the route.'),
  qty: CheckedByRoute<number>('A whole number from 1 to 100', 'Checked by the route.'),
  order_type: CheckedByRoute<Extract<Static<typeof OrderTypeSchema>, 'Market' | 'Limit'>>(
    'Market or Limit',
    'Checked by the route.',
  ),
  price: Type.Optional(Type.Number({ description: 'Required for a Limit order.' })),
});

/** One trade as read from an imported CSV file, normalized by the client. */
export const ImportTradeRowSchema = Type.Object({
  symbol: Type.String({ minLength: 1, maxLength: 20 }),
  side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  qty: Type.Number({ exclusiveMinimum: 0 }),
  entry_time: Type.String({ format: 'date-time' }),
  exit_time: Type.String({ format: 'date-time' }),
  entry_price: Type.Number(),
  exit_price: Type.Number(),
  pnl: Type.Number(),
  external_id: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'A stable key of the source row so a second import of the same file adds nothing.',
  }),
});
export const MAX_IMPORT_ROWS = 10_000;
export const ImportTradesPayloadSchema = Type.Object({
  trades: Type.Array(
    // Each row is checked by the route, whose message names the row ("Row 2: qty must be greater than 0").
    Type.Unsafe<Static<typeof ImportTradeRowSchema>>({
      type: 'object',
      description: 'An imported trade (ImportTradeRow); the route checks every field and names the row.',
    }),
    { maxItems: MAX_IMPORT_ROWS },
  ),
});
export const JournalPayloadSchema = Type.Object({
  journal: Type.String({ maxLength: TEXT_CAP, description: 'At most 5,000 characters.' }),
});
export const DayNotePayloadSchema = Type.Object({
  note: Type.String({ maxLength: TEXT_CAP, description: 'At most 5,000 characters.' }),
});
export const TwoFactorCodePayloadSchema = Type.Object({ code: Text() });

/** Connects a broker that signs in with a user name and API key (ProjectX); the key is never sent back. */
export const ApiKeyConnectPayloadSchema = Type.Object({
  connection_name: Text(),
  environment: Environment,
  firm: Text('A known firm id, or `custom` with `custom_host` (and optionally `custom_hub`).'),
  custom_host: Type.Optional(Text()),
  custom_hub: Type.Optional(Text()),
  user_name: Text(),
  api_key: Text(),
});

/** What a leader change does to the followers' positions (the route answers 400 for anything else). */
export const LeaderChangePayloadSchema = Type.Object({
  followers: CheckedByRoute<'align' | 'keep'>(
    'align or keep',
    'Anything else answers 400; without a body the followers are kept.',
  ),
});
