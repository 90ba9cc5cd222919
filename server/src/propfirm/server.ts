/** The guard's server side: storage and the in-memory guard the engine asks (its routes: `routes/propfirm`). */
export { PropStore } from './store/prop-store';
export { PropGuard, type UserRules } from './service/prop-guard';
export { RuleMail, RULE_MAIL_WINDOW_MS } from './service/rule-mail';
export {
  EngineGuard,
  FirmRuleGuard,
  type SendVerdict,
  type EquityVerdict,
  type GuardSource,
  type GuardedOrder,
  type PositionsView,
  type EquityOutcome,
  type DeadlineListener,
  MAX_TIMER_MS,
} from './engine-port';
