/** Copy quality routes, spread into `ROUTE_SCHEMAS` (kept apart so the table stays easy to merge). */
import { Type, type TSchema } from '@sinclair/typebox';
import {
  CopyStorySchema,
  QualityFillsQuerySchema,
  QualityFillsSchema,
  QualityPeriodQuerySchema,
  QualitySummarySchema,
} from './quality';
import { ErrorBodySchema } from './responses';

const API = '/api/v1';
const answers = (ok: Record<number, TSchema>): Record<string, TSchema> => ({
  ...ok,
  '4xx': ErrorBodySchema,
  '5xx': ErrorBodySchema,
});

export const QUALITY_ROUTE_SCHEMAS = {
  [`GET ${API}/quality/summary`]: {
    querystring: QualityPeriodQuerySchema,
    response: answers({ 200: QualitySummarySchema }),
  },
  [`GET ${API}/quality/fills`]: {
    querystring: QualityFillsQuerySchema,
    response: answers({ 200: QualityFillsSchema }),
  },
  [`GET ${API}/quality/fills.csv`]: {
    querystring: QualityPeriodQuerySchema,
    response: answers({ 200: Type.String({ description: 'CSV, one row per leader fill and follower.' }) }),
  },
  [`GET ${API}/quality/story/:ref`]: {
    params: Type.Object({
      ref: Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'A follower order id or its client order id.',
      }),
    }),
    response: answers({ 200: CopyStorySchema }),
  },
} as const;
