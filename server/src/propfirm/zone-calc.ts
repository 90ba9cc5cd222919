import { DateTime } from 'luxon';
import type { ZonedTime } from './types';

/**
 * Wall-clock arithmetic in named time zones, handed to the rules so they stay pure and tests can pin it.
 * Daylight-saving changes are the zone library's business: a rule asks for "the last 17:00 in Chicago".
 */
export interface ZoneCalc {
  /** Epoch ms of the latest `at` at or before `time`. */
  lastAtOrBefore(time: number, at: ZonedTime): number;
  /** Epoch ms of the first `at` strictly after `time`. */
  nextAfter(time: number, at: ZonedTime): number;
  /** `YYYY-MM-DD` of `time` in `zone`. */
  localDate(time: number, zone: string): string;
}

function parts(hhmm: string): { hour: number; minute: number } {
  const [hour, minute] = hhmm.split(':').map(Number);
  return { hour: hour ?? 0, minute: minute ?? 0 };
}

function atOn(day: DateTime, at: ZonedTime): DateTime {
  return day.set({ ...parts(at.time), second: 0, millisecond: 0 });
}

/** The zone calculation the server uses (IANA zones through luxon). */
export const luxonZones: ZoneCalc = {
  lastAtOrBefore(time, at) {
    const local = DateTime.fromMillis(time, { zone: at.zone });
    const today = atOn(local, at);
    return (today.toMillis() <= time ? today : atOn(local.minus({ days: 1 }), at)).toMillis();
  },
  nextAfter(time, at) {
    const local = DateTime.fromMillis(time, { zone: at.zone });
    const today = atOn(local, at);
    return (today.toMillis() > time ? today : atOn(local.plus({ days: 1 }), at)).toMillis();
  },
  localDate(time, zone) {
    return DateTime.fromMillis(time, { zone }).toISODate() ?? '';
  },
};

/** True when `zone` is an IANA zone the library knows. */
export function isKnownZone(zone: string): boolean {
  return DateTime.local().setZone(zone).isValid;
}

/** The trading day `time` belongs to: the local date (in the day-start zone) on which that day ends. */
export function tradingDayKey(zones: ZoneCalc, time: number, dayStart: ZonedTime): string {
  return zones.localDate(zones.nextAfter(time, dayStart), dayStart.zone);
}
