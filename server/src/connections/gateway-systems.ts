import { RITHMIC_NAME_MAX, RITHMIC_SYSTEMS_MAX } from '@synctrade/api/validation';

/**
 * A gateway's system list as the browser may see it: a gateway is a remote party, so what it answers is
 * capped, trimmed, and names that are not text, empty or too long are dropped; duplicates once.
 */
export function cappedSystems(listed: unknown): string[] {
  if (!Array.isArray(listed)) return [];
  const systems: string[] = [];
  for (const entry of listed) {
    if (systems.length >= RITHMIC_SYSTEMS_MAX) break;
    if (typeof entry !== 'string') continue;
    const name = entry.trim();
    if (name.length === 0 || name.length > RITHMIC_NAME_MAX || systems.includes(name)) continue;
    systems.push(name);
  }
  return systems;
}

/** Rejects with `onTimeout()` when the work has not settled in `ms`; the timer never outlives the work. */
export async function withinTime<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
