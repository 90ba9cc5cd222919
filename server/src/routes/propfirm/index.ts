import type { FastifyPluginAsync } from 'fastify';
import { propRoutes } from './rules';

/** `/propfirm/*`: presets, rules, headroom, rule mails and news events. */
export const propfirmPrefix: FastifyPluginAsync = async (app) => {
  await app.register(propRoutes, {
    guard: app.propGuard,
    // The engine reads the rules again with the user's accounts.
    onRulesChanged: (userId) => app.events.emit('accounts:changed', { userId }),
  });
};
