import { useEffect, useState } from 'react';

const secondsLeft = (at: number): number => Math.max(0, Math.ceil((at - Date.now()) / 1000));

/**
 * Whole seconds until `iso` (0 once it has passed; null without a time), counted down live: the component
 * re-renders once a second while the time is ahead, and stops at zero.
 */
export function useSecondsUntil(iso: string | null): number | null {
  const at = iso === null ? NaN : Date.parse(iso);
  const [seconds, setSeconds] = useState(() => (Number.isNaN(at) ? null : secondsLeft(at)));
  useEffect(() => {
    if (Number.isNaN(at)) {
      setSeconds(null);
      return undefined;
    }
    setSeconds(secondsLeft(at));
    const timer = setInterval(() => {
      const left = secondsLeft(at);
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}
