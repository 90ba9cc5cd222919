import type { FastifyPluginAsync } from 'fastify';
import { authPrefix } from './auth';
import { brokersPrefix } from './brokers';
import { copierPrefix } from './copier';
import { devPrefix } from './dev';
import { healthRoute } from './health';
import { marketPrefix } from './market';
import { notificationsPrefix } from './notifications';
import { openApiRoute } from './openapi';
import { photosPrefix } from './photos';
import { propfirmPrefix } from './propfirm';
import { simPrefix } from './sim';
import { wsPrefix } from './ws';

/**
 * Every route, one folder per first URL segment (`routes/<segment>/index.ts` registers that folder's files),
 * under `/api/v1`; the feed keeps its own path. Registered once, by `app.ts`, after the decorations the routes
 * use (`app.copier` comes from `copier/plugin.ts`).
 */
export const routes: FastifyPluginAsync = async (app) => {
  await app.register(
    async (api) => {
      await api.register(healthRoute);
      await api.register(openApiRoute);
      await api.register(authPrefix);
      await api.register(photosPrefix);
      await api.register(brokersPrefix);
      await api.register(notificationsPrefix);
      await api.register(devPrefix);
      await api.register(propfirmPrefix);
      await api.register(copierPrefix);
      await api.register(simPrefix);
      await api.register(marketPrefix);
    },
    { prefix: '/api/v1' },
  );
  await app.register(wsPrefix);
};
