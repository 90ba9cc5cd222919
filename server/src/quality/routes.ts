import type { FastifyPluginAsync } from 'fastify';
import type { CopyStory, QualityFills, QualitySummary } from '@synctrade/api/types';
import { listBound } from '../lists/list-bound';
import {
  MAX_CSV_ROWS,
  MAX_FILLS_PAGE,
  MAX_STORY_FILLS,
  copyStory,
  qualityCsv,
  qualityFills,
} from './quality-repo';
import { qualitySummary } from './summary';

interface Period {
  from: string;
  to: string;
}

/** At most this long a period, so one request never reads years of fills. */
const MAX_PERIOD_DAYS = 366;

function periodOf(query: Period): { from: Date; to: Date } | { detail: string } {
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
    return { detail: 'from and to must be dates' };
  if (to <= from) return { detail: 'to must be after from' };
  if (to.getTime() - from.getTime() > MAX_PERIOD_DAYS * 86_400_000)
    return { detail: `A period is at most ${MAX_PERIOD_DAYS} days` };
  return { from, to };
}

/** Copy quality: per-follower figures, the leader fills with their outcomes (a page or CSV), and a copy's story. */
export const qualityRoutes: FastifyPluginAsync = async (app) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['quality'], security: [{ bearer: [] }] } };

  app.get<{ Querystring: Period }>(
    '/quality/summary',
    listBound(secured, 'One row per follower account of the user (at most 100 accounts per connection).'),
    async (request, reply): Promise<QualitySummary | void> => {
      const period = periodOf(request.query);
      if ('detail' in period) return reply.code(400).send(period);
      const followers = await qualitySummary(app.db, request.user.id, period.from, period.to);
      return { from: period.from.toISOString(), to: period.to.toISOString(), followers };
    },
  );

  app.get<{ Querystring: Period & { page?: string; page_size?: string } }>(
    '/quality/fills',
    listBound(secured, `One page of leader fills, at most ${MAX_FILLS_PAGE} per page.`),
    async (request, reply): Promise<QualityFills | void> => {
      const period = periodOf(request.query);
      if ('detail' in period) return reply.code(400).send(period);
      const page = Number(request.query.page ?? '1');
      const pageSize = Number(request.query.page_size ?? '50');
      if (!Number.isInteger(page) || page < 1 || page > 1_000_000)
        return reply.code(400).send({ detail: 'page must be a whole number from 1' });
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_FILLS_PAGE)
        return reply
          .code(400)
          .send({ detail: `page_size must be a whole number from 1 to ${MAX_FILLS_PAGE}` });
      return qualityFills(app.db, request.user.id, period.from, period.to, page, pageSize);
    },
  );

  app.get<{ Querystring: Period }>(
    '/quality/fills.csv',
    listBound(secured, `CSV of at most ${MAX_CSV_ROWS} leader fills with their outcomes.`),
    async (request, reply) => {
      const period = periodOf(request.query);
      if ('detail' in period) return reply.code(400).send(period);
      const csv = await qualityCsv(app.db, request.user.id, period.from, period.to);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="copy-quality.csv"')
        .send(csv);
    },
  );

  app.get<{ Params: { ref: string } }>(
    '/quality/story/:ref',
    listBound(
      secured,
      `The steps of one copy: at most ${4 + MAX_STORY_FILLS} (one per fill, at most ${MAX_STORY_FILLS}).`,
    ),
    async (request, reply): Promise<CopyStory | void> => {
      const story = await copyStory(app.db, request.user.id, request.params.ref);
      if (story === null) return reply.code(404).send({ detail: 'Order not found' });
      return story;
    },
  );
};
