import { useEffect, useState } from 'react';

/**
 * True until the page beneath the landing's full-screen spinner has been painted once (spec section 2: a
 * full-screen spinner appears briefly before rendering). In the product it continues the host's loading
 * spinner; holding it longer would only hold back the page that is already there.
 */
export function useBriefSpinner(): boolean {
  const [showing, setShowing] = useState(true);
  useEffect(() => {
    // The first frame paints the page under the spinner; the spinner goes with the next one.
    let next = 0;
    const first = window.requestAnimationFrame(() => {
      next = window.requestAnimationFrame(() => setShowing(false));
    });
    return () => {
      window.cancelAnimationFrame(first);
      window.cancelAnimationFrame(next);
    };
  }, []);
  return showing;
}
