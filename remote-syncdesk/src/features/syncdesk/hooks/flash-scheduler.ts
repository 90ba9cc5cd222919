import { LIMITS } from '@synctrade/api/validation';

/** The attribute a changed cell carries while it is highlighted (styled by the table). */
export const FLASH_ATTRIBUTE = 'data-flash';

// Every highlight lasts the same time, so insertion order is expiry order: the Map is a queue and
// one timer serves every cell of the table (500 rows × 6 cells × 10 updates/s would mean
// 30,000 timers a second otherwise).
const expiries = new Map<Element, number>();
let timer: ReturnType<typeof setTimeout> | null = null;

function schedule(): void {
  const first = expiries.values().next();
  if (first.done) {
    timer = null;
    return;
  }
  timer = setTimeout(sweep, Math.max(0, first.value - Date.now()));
}

function sweep(): void {
  const now = Date.now();
  for (const [element, expiresAt] of expiries) {
    if (expiresAt > now) break;
    element.removeAttribute(FLASH_ATTRIBUTE);
    expiries.delete(element);
  }
  schedule();
}

/** Highlights a cell for LIMITS.highlightMs (2 s); a new change restarts its 2 s. Touches only that cell. */
export function flash(element: Element): void {
  expiries.delete(element);
  expiries.set(element, Date.now() + LIMITS.highlightMs);
  // Re-setting the same value still invalidates style in some engines: a cell already lit is left alone.
  if (element.getAttribute(FLASH_ATTRIBUTE) !== 'on') element.setAttribute(FLASH_ATTRIBUTE, 'on');
  if (timer === null) schedule();
}

/** Drops every highlight and the timer (tests switch between real and fake clocks). */
export function clearFlashes(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  for (const element of expiries.keys()) element.removeAttribute(FLASH_ATTRIBUTE);
  expiries.clear();
}
