import { toast, type Id, type ToastOptions } from 'react-toastify';

/** Spec section 9 durations in ms; loading stays until dismissed. */
export const TOAST_DURATION = { blank: 4000, error: 4000, success: 2000, custom: 4000 } as const;
export const TOAST_LIMIT = 20;

/** The product's toasts. Call from store actions or handlers, never during render. */
export const notify = {
  blank: (message: string, options?: ToastOptions): Id =>
    toast(message, { autoClose: TOAST_DURATION.blank, ...options }),
  success: (message: string, options?: ToastOptions): Id =>
    toast.success(message, { autoClose: TOAST_DURATION.success, ...options }),
  error: (message: string, options?: ToastOptions): Id =>
    toast.error(message, { autoClose: TOAST_DURATION.error, ...options }),
  loading: (message: string, options?: ToastOptions): Id =>
    toast.loading(message, { autoClose: false, ...options }),
  custom: (message: string, options?: ToastOptions): Id =>
    toast(message, { autoClose: TOAST_DURATION.custom, ...options }),
  dismiss: (id?: Id): void => toast.dismiss(id),
};
