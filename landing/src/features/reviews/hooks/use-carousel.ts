import { useCallback, useState } from 'react';

export interface Carousel<T> {
  /** The first visible item's position, 0-based. */
  index: number;
  visible: T[];
  /** (index + 1) / total, the progress bar's fill (spec section 2). */
  progress: number;
  next(): void;
  previous(): void;
}

/** A window of `size` items over `items` that moves by one and wraps around both ends. */
export function useCarousel<T>(items: readonly T[], size: number): Carousel<T> {
  const [index, setIndex] = useState(0);
  const total = items.length;
  const next = useCallback(() => setIndex((current) => (current + 1) % total), [total]);
  const previous = useCallback(() => setIndex((current) => (current - 1 + total) % total), [total]);
  const visible = Array.from(
    { length: Math.min(size, total) },
    (_, offset) => items[(index + offset) % total],
  ).filter((item): item is T => item !== undefined);
  return { index, visible, progress: total ? (index + 1) / total : 0, next, previous };
}
