import type { Id, ToastOptions } from 'react-toastify';
import {
  loadedToastLibrary,
  loadToastLibrary,
  requestedToastLibrary,
  type ToastLibrary,
} from './toast-library';

/** Spec section 9 durations in ms; loading stays until dismissed. */
export const TOAST_DURATION = { blank: 4000, error: 4000, success: 2000, custom: 4000 } as const;
export const TOAST_LIMIT = 20;

let lastId = 0;

/**
 * Shows a toast: at once when the library is there, else once it has loaded. The id is chosen here so callers
 * get it at once either way.
 */
function show(raise: (library: ToastLibrary, options: ToastOptions) => void, options?: ToastOptions): Id {
  lastId += 1;
  const withId = { ...options, toastId: options?.toastId ?? `synctrade-toast-${lastId}` };
  const library = loadedToastLibrary();
  if (library) raise(library, withId);
  else void loadToastLibrary().then((loaded) => raise(loaded, withId));
  return withId.toastId;
}

/** The product's toasts. Call from store actions or handlers, never during render. */
export const notify = {
  blank: (message: string, options?: ToastOptions): Id =>
    show(({ toast }, o) => toast(message, { autoClose: TOAST_DURATION.blank, ...o }), options),
  // One id per text: the same success raised again while it is still shown (a store and a listener both
  // confirming, a double click) does not stack a copy; the library keeps the toast already there.
  success: (message: string, options?: ToastOptions): Id =>
    show(({ toast }, o) => toast.success(message, { autoClose: TOAST_DURATION.success, ...o }), {
      toastId: `synctrade-success-${message}`,
      ...options,
    }),
  error: (message: string, options?: ToastOptions): Id =>
    show(({ toast }, o) => toast.error(message, { autoClose: TOAST_DURATION.error, ...o }), options),
  loading: (message: string, options?: ToastOptions): Id =>
    show(({ toast }, o) => toast.loading(message, { autoClose: false, ...o }), options),
  custom: (message: string, options?: ToastOptions): Id =>
    show(({ toast }, o) => toast(message, { autoClose: TOAST_DURATION.custom, ...o }), options),
  dismiss: (id?: Id): void => {
    const library = loadedToastLibrary();
    if (library) library.toast.dismiss(id);
    // Before the first toast there is nothing to dismiss, and no reason to load the library.
    else void requestedToastLibrary()?.then(({ toast }) => toast.dismiss(id));
  },
};
