/** The guard's server side: storage, the in-memory guard the engine asks, and the routes. */
export { PropStore } from './store/prop-store';
export { PropGuard, type UserRules } from './service/prop-guard';
export { RuleMail, RULE_MAIL_WINDOW_MS } from './service/rule-mail';
export { propRoutes, MAX_USER_EVENTS } from './routes/prop-routes';
export {
  EngineGuard,
  EngineSendGuard,
  type SendVerdict,
  type EquityVerdict,
  type GuardSource,
  type GuardedOrder,
  type PositionsView,
  type EquityOutcome,
  type DeadlineListener,
  MAX_TIMER_MS,
} from './engine-port';
