/**
 * Tradovate writes `MM/DD/YYYY HH:MM:SS` in exchange display time without a zone. We read it as
 * America/New_York wall time (the zone Tradovate's desktop shows by default) and turn it into UTC.
 */
export const TRADOVATE_ZONE = 'America/New_York';

const LOCAL = /^(\d{1,2})\/(\d{1,2})\/(\d{4})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*([AP]M)?$/i;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

const partsFormat = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone is ahead of UTC at an instant. */
function zoneOffsetMinutes(instant: number, zone: string): number {
  let format = partsFormat.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormat.set(zone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60000);
}

const HOUR = 3_600_000;
const offsetByHour = new Map<string, number>();

/**
 * The UTC instant of a wall-clock time in a zone (daylight saving included). Offsets are cached per wall-clock
 * hour (the zone's rules change on the hour), so a 100,000-row file costs a few hundred zone look-ups, not 400,000.
 */
export function zonedTimeToUtc(wall: number, zone: string): number {
  const key = `${zone}|${Math.floor(wall / HOUR)}`;
  let offset = offsetByHour.get(key);
  if (offset === undefined) {
    const first = wall - zoneOffsetMinutes(wall, zone) * 60000;
    // A second pass settles times near a daylight-saving change.
    offset = zoneOffsetMinutes(first, zone);
    offsetByHour.set(key, offset);
  }
  return wall - offset * 60000;
}

/** Epoch milliseconds of a Tradovate timestamp (display form, or ISO with a zone), or null. */
export function parseTradovateTime(text: string | undefined, zone = TRADOVATE_ZONE): number | null {
  const value = (text ?? '').trim();
  if (!value) return null;
  if (ISO_WITH_ZONE.test(value)) {
    const time = Date.parse(value);
    return Number.isNaN(time) ? null : time;
  }
  const match = LOCAL.exec(value);
  if (!match) return null;
  const [, mm, dd, yyyy, hh, mi, ss = '0', fraction = '0', meridiem] = match;
  let hour = Number(hh);
  if (meridiem) hour = (hour % 12) + (meridiem.toUpperCase() === 'PM' ? 12 : 0);
  const month = Number(mm);
  const day = Number(dd);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23) return null;
  const ms = Math.round(Number(`0.${fraction}`) * 1000);
  const wall = Date.UTC(Number(yyyy), month - 1, day, hour, Number(mi), Number(ss), ms);
  return zonedTimeToUtc(wall, zone);
}

/** An ISO 8601 time (with a zone) as written by our own export, or null. */
export function parseIsoTime(text: string | undefined): number | null {
  const value = (text ?? '').trim();
  if (!ISO_WITH_ZONE.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}
