import { useEffect, useState } from 'react';

/** How long the landing's full-screen spinner stays (spec section 2: it appears briefly). */
export const SPINNER_MS = 300;

/** True during the first moments after mount, while the page paints beneath the spinner. */
export function useBriefSpinner(ms = SPINNER_MS): boolean {
  const [showing, setShowing] = useState(true);
  useEffect(() => {
    const id = window.setTimeout(() => setShowing(false), ms);
    return () => window.clearTimeout(id);
  }, [ms]);
  return showing;
}
