import { useEffect, useRef, type RefObject } from 'react';
import { flash } from './flash-scheduler';

/**
 * Returns a ref for a cell that highlights when `value` changes after the first render. The highlight
 * is an attribute set on the element directly: no state, so no re-render of the row or the table.
 */
export function useFlash<T extends Element>(value: unknown): RefObject<T | null> {
  const ref = useRef<T>(null);
  const previous = useRef(value);
  useEffect(() => {
    if (Object.is(previous.current, value)) return;
    previous.current = value;
    if (ref.current) flash(ref.current);
  }, [value]);
  return ref;
}
