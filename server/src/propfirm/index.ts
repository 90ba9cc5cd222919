export type { FirmId, NewsKind, PropRules, RuleName, ZonedTime } from './types';
export { PRESETS, presetById, customRules, type RulePreset } from './presets';
export { luxonZones, isKnownZone, tradingDayKey, type ZoneCalc } from './zone-calc';
export {
  decideOrder,
  evaluateAccount,
  initialGuardState,
  type GuardAction,
  type GuardEnv,
  type GuardState,
  type Headroom,
  type OrderDecision,
  type OrderRequest,
} from './rule-decisions';
export { buildCalendar, calendarWarnings, type NewsCalendar } from './calendar/calendar';
export { RELEASE_SOURCES } from './calendar/scheduled-events';
export type { NewsEvent } from './rules/news';
