import type React from 'react';
import { useEffect, useState } from 'react';
import { useTheme } from '../theme/theme-context';
import { TOAST_LIMIT } from './notify';
import { loadedToastLibrary, whenToastLibraryLoads } from './toast-library';

/**
 * The one toast area: top-center, at most 20, max width 350 px, z-index 9999 (spec section 9). It mounts when
 * the first toast loads the library; toasts raised meanwhile are queued by the library and shown then.
 */
export function ToastArea(): React.JSX.Element | null {
  const { theme } = useTheme();
  const [library, setLibrary] = useState(loadedToastLibrary);
  useEffect(() => {
    if (library) return undefined;
    // The library may have arrived between the render and this effect.
    const arrived = loadedToastLibrary();
    if (arrived) {
      setLibrary(arrived);
      return undefined;
    }
    return whenToastLibraryLoads(setLibrary);
  }, [library]);
  if (!library) return null;
  const { ToastContainer } = library;
  return (
    <ToastContainer
      position="top-center"
      limit={TOAST_LIMIT}
      theme={theme}
      newestOnTop
      style={{ maxWidth: 350, zIndex: 9999 }}
    />
  );
}
