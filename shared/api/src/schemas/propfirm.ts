/**
 * The prop-firm guard's wire shapes: the rules of an account (every value editable), the firm presets with
 * their sources, the news events users add, and the headroom the desk shows.
 */
import { Type } from '@sinclair/typebox';
import {
  propMailSettingsSchema,
  propRuleEditSchema,
  propRuleEditsSchema,
} from '../validation/propfirm-schemas';
import { Nullable, StringEnum } from './helpers';
import { payloadSchema } from './payload-schema';

export const FIRM_IDS = [
  'topstep',
  'apex',
  'takeprofittrader',
  'myfundedfutures',
  'tradeify',
  'bulenox',
  'custom',
] as const;
export const NEWS_KINDS = ['FOMC', 'NFP', 'CPI', 'EIA'] as const;
export const PROP_RULE_NAMES = [
  'max_contracts',
  'drawdown',
  'daily_loss',
  'daily_profit',
  'flat_by',
  'news',
  'hedging',
  'consistency',
  'leader_breach',
] as const;

// Whole cents (at most two decimals): checked with the route's message, as JSON Schema's multipleOf is inexact
// on binary fractions.
const Money = (description: string) =>
  Type.Number({ minimum: 0, maximum: 1e9, description: `${description}, in dollars and whole cents` });
const Minutes = (description: string) => Type.Integer({ minimum: 0, maximum: 720, description });
const ZonedTimeSchema = Type.Object(
  {
    zone: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'An IANA time zone, e.g. America/Chicago',
    }),
    time: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:mm, 24-hour' }),
  },
  { additionalProperties: false },
);
const strict = { additionalProperties: false } as const;

export const PropRulesSchema = Type.Object(
  {
    firm: StringEnum(FIRM_IDS),
    preset: Type.String({ minLength: 1, maxLength: 64, description: 'A preset id, or custom' }),
    dayStart: ZonedTimeSchema,
    maxContracts: Type.Object(
      {
        enabled: Type.Boolean(),
        minis: Type.Integer({ minimum: 1, maximum: 1000 }),
        microsPerMini: Type.Integer({ minimum: 1, maximum: 100 }),
      },
      strict,
    ),
    drawdown: Type.Object(
      {
        enabled: Type.Boolean(),
        mode: StringEnum(['intraday', 'eod'] as const),
        amount: Money('Distance of the floor below the high-water mark'),
        startingBalance: Money('The first high-water mark'),
        lockAt: Nullable(Money('The floor stops trailing at this balance')),
        buffer: Money('Act when equity is this close to the floor'),
      },
      strict,
    ),
    dailyLoss: Type.Object({ enabled: Type.Boolean(), amount: Money('Daily loss limit') }, strict),
    dailyProfit: Type.Object({ enabled: Type.Boolean(), amount: Money('Daily profit target') }, strict),
    flatBy: Type.Object(
      {
        enabled: Type.Boolean(),
        deadline: ZonedTimeSchema,
        minutesBefore: Minutes('Flatten and refuse entries this long before the deadline'),
        reopen: ZonedTimeSchema,
      },
      strict,
    ),
    news: Type.Object(
      {
        enabled: Type.Boolean(),
        minutesBefore: Minutes('Entries refused from this long before a release'),
        minutesAfter: Minutes('... until this long after it'),
        kinds: Type.Array(StringEnum(NEWS_KINDS), { maxItems: 4, uniqueItems: true }),
      },
      strict,
    ),
    hedging: Type.Object(
      { enabled: Type.Boolean(), action: StringEnum(['refuse', 'close_first'] as const) },
      strict,
    ),
    consistency: Type.Object(
      {
        enabled: Type.Boolean(),
        maxBestDayPercent: Type.Number({ minimum: 1, maximum: 99 }),
        stopAtLimit: Type.Boolean(),
      },
      strict,
    ),
  },
  strict,
);

export const PropPresetSchema = Type.Object({
  id: Type.String(),
  firm: StringEnum(FIRM_IDS),
  label: Type.String(),
  sources: Type.Array(Type.String()),
  checked_on: Type.String({ description: 'When the sources were read (YYYY-MM-DD)' }),
  unverified: Type.Array(Type.String(), { description: 'Values the sources did not state: check them' }),
  rules: PropRulesSchema,
});

export const NewsCalendarInfoSchema = Type.Object({
  sources: Type.Array(
    Type.Object({
      kind: StringEnum(NEWS_KINDS),
      publisher: Type.String(),
      url: Type.String(),
      note: Type.String(),
    }),
  ),
  coverage: Type.Object({
    FOMC: Nullable(Type.String()),
    NFP: Nullable(Type.String()),
    CPI: Nullable(Type.String()),
    EIA: Nullable(Type.String()),
  }),
  /** Kinds with no dates, or dates that end soon. */
  warnings: Type.Array(Type.String()),
});

export const PropPresetListSchema = Type.Object({
  presets: Type.Array(PropPresetSchema),
  calendar: NewsCalendarInfoSchema,
});

export const AccountPropRulesSchema = Type.Object({
  account_id: Type.Integer(),
  /** Null: no firm rules on this account. */
  rules: Nullable(PropRulesSchema),
  warnings: Type.Array(Type.String()),
  /** The news kinds these rules watch whose known dates end within 30 days (the blackout rule cannot see past them). */
  calendar_ends: Type.Array(
    Type.Object({
      kind: StringEnum(NEWS_KINDS),
      /** The last known date (YYYY-MM-DD), or null when none is known. */
      last_date: Nullable(Type.String()),
    }),
  ),
});

/** One value of an account's rules (`field` names it, e.g. `maxContracts.minis`; see `PROP_RULE_FIELDS`). */
export const PropRuleEditSchema = payloadSchema(propRuleEditSchema);

/** Several values of an account's rules at once (`PropRuleEdit` each, every field once). */
export const PropRuleEditsSchema = payloadSchema(propRuleEditsSchema);

/** The user's e-mail choice for firm rule actions (on when never set: the guard mails by default). */
export const PropMailSettingsSchema = payloadSchema(propMailSettingsSchema);

export const NewsEventPayloadSchema = Type.Object(
  {
    kind: StringEnum(NEWS_KINDS),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    at: Type.String({ format: 'date-time', maxLength: 40, description: 'ISO 8601 with offset' }),
    roots: Type.Optional(
      Type.Array(Type.String({ pattern: '^[A-Z]{1,4}$' }), {
        maxItems: 20,
        description: 'Contract roots; all if absent',
      }),
    ),
  },
  strict,
);

export const NewsEventSchema = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(NEWS_KINDS),
  title: Type.String(),
  at: Type.String(),
  roots: Nullable(Type.Array(Type.String())),
});

export const PropHeadroomSchema = Type.Object({
  account_id: Type.Integer(),
  firm: StringEnum(FIRM_IDS),
  preset: Type.String(),
  floor: Nullable(Type.Number()),
  to_floor: Nullable(Type.Number()),
  to_daily_loss: Nullable(Type.Number()),
  day_pnl: Nullable(Type.Number()),
  minutes_to_flat_by: Nullable(Type.Integer()),
  next_blackout: Nullable(Type.Object({ title: Type.String(), start: Type.String(), end: Type.String() })),
  /** Why the guard stopped this account (for the day or for good), or null. */
  stopped: Nullable(Type.String()),
});
