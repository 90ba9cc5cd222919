import type React from 'react';
import { PlaceholderPage } from '../features/placeholder/placeholder-page';

/** The remote's routes, relative to where the host mounts it (/login). Never creates a router. */
export default function AuthRoutes(): React.JSX.Element {
  return (
    <PlaceholderPage />
  );
}
