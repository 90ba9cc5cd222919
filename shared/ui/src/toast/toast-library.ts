import type * as ReactToastify from 'react-toastify';

export type ToastLibrary = typeof ReactToastify;

let loading: Promise<ToastLibrary> | undefined;
let loaded: ToastLibrary | undefined;
const onLoad = new Set<(library: ToastLibrary) => void>();

/**
 * react-toastify (about 10 KB gzip) is loaded with the first toast, not with the page: most first screens
 * (the landing page, sign-in before submitting) never show one. A toast raised before its area is mounted
 * waits in react-toastify's queue, so nothing is lost.
 */
export function loadToastLibrary(): Promise<ToastLibrary> {
  loading ??= import('react-toastify').then((library) => {
    loaded = library;
    onLoad.forEach((listener) => listener(library));
    onLoad.clear();
    return library;
  });
  return loading;
}

/** The library's loading once a toast has asked for it, else undefined (then no toast exists yet). */
export function requestedToastLibrary(): Promise<ToastLibrary> | undefined {
  return loading;
}

/** The library once a toast has loaded it, else undefined. */
export function loadedToastLibrary(): ToastLibrary | undefined {
  return loaded;
}

/** Calls `listener` when the library arrives; returns the unsubscribe. */
export function whenToastLibraryLoads(listener: (library: ToastLibrary) => void): () => void {
  onLoad.add(listener);
  return () => onLoad.delete(listener);
}

/** Loads the library ahead of a first toast: for a screen about to raise one, and for component tests. */
export async function preloadToasts(): Promise<void> {
  await loadToastLibrary();
}
