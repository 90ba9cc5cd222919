/** Copy quality: what became of each leader fill at each follower, and the chain behind one follower order. */
import { Type } from '@sinclair/typebox';
import { StringEnum } from './helpers';

const Nullable = <T extends ReturnType<typeof Type.Number>>(schema: T) => Type.Union([schema, Type.Null()]);
const NullableText = Type.Union([Type.String(), Type.Null()]);

export const CopyOutcomeKindSchema = StringEnum([
  'filled',
  'partly_filled',
  'rejected',
  'skipped',
  'superseded',
  'waiting',
] as const);

export const QualityPeriodQuerySchema = Type.Object({
  from: Type.String({
    format: 'date-time',
    description: 'Start of the period (leader fill time), inclusive.',
  }),
  to: Type.String({ format: 'date-time', description: 'End of the period, exclusive.' }),
});

export const QualityFillsQuerySchema = Type.Composite([
  QualityPeriodQuerySchema,
  Type.Object({
    page: Type.Optional(Type.String({ maxLength: 8, description: 'Page number, a whole number from 1.' })),
    page_size: Type.Optional(
      Type.String({ maxLength: 4, description: 'Leader fills per page, from 1 to 100.' }),
    ),
  }),
]);

export const QualityMissSchema = Type.Object({
  outcome: CopyOutcomeKindSchema,
  reason: Type.String(),
  count: Type.Integer({ minimum: 0 }),
});

export const FollowerQualitySchema = Type.Object({
  account_id: Type.Integer(),
  account: Type.String(),
  connection: Type.String(),
  leader_fills: Type.Integer({
    minimum: 0,
    description: 'Leader fills this follower was planned for or skipped.',
  }),
  filled: Type.Integer({ minimum: 0 }),
  copy_rate: Type.Number({ minimum: 0, maximum: 1, description: 'Filled ÷ leader fills.' }),
  delay_p50_ms: Nullable(Type.Number()),
  delay_p95_ms: Nullable(Type.Number()),
  mean_slippage_ticks: Nullable(Type.Number({ description: 'Positive: worse than the leader.' })),
  slippage_cost: Type.Number({ description: 'Dollars lost (positive) to slippage over the period.' }),
  misses: Type.Array(QualityMissSchema, { description: 'Copies that did not fill, by outcome and reason.' }),
});

export const QualitySummarySchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  followers: Type.Array(FollowerQualitySchema),
});

export const FollowerOutcomeSchema = Type.Object({
  account_id: Type.Integer(),
  account: Type.String(),
  outcome: CopyOutcomeKindSchema,
  order_id: Type.Union([Type.Integer(), Type.Null()]),
  client_order_id: NullableText,
  symbol: Type.String(),
  qty: Type.Number(),
  filled_qty: Type.Number(),
  fill_price: Nullable(Type.Number()),
  delay_ms: Nullable(Type.Number()),
  slippage_ticks: Nullable(Type.Number()),
  slippage_usd: Nullable(Type.Number()),
  reason: NullableText,
});

export const LeaderFillQualitySchema = Type.Object({
  event_key: Type.String(),
  leader_account_id: Type.Integer(),
  leader_account: Type.String(),
  symbol: Type.String(),
  side: Type.String(),
  qty: Type.Number(),
  price: Type.Number(),
  time: Type.String(),
  outcomes: Type.Array(FollowerOutcomeSchema),
});

export const QualityFillsSchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  page_size: Type.Integer({ minimum: 1 }),
  fills: Type.Array(LeaderFillQualitySchema),
});

export const CopyStoryStepSchema = Type.Object({
  step: StringEnum(['leader_event', 'planned', 'sent', 'broker_answer', 'fill'] as const),
  time: NullableText,
  detail: Type.String(),
});

export const CopyStorySchema = Type.Object({
  order_id: Type.Integer(),
  client_order_id: NullableText,
  account: Type.String(),
  steps: Type.Array(CopyStoryStepSchema, {
    description: 'At most 4 steps plus one per fill (at most 50 fills).',
  }),
});
