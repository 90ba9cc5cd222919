import type React from 'react';
import { ToastContainer } from 'react-toastify';
import { useTheme } from '../theme/theme-context';
import { TOAST_LIMIT } from './notify';

/** The one toast area: top-center, at most 20, max width 350 px, z-index 9999 (spec section 9). */
export function ToastArea(): React.JSX.Element {
  const { theme } = useTheme();
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
