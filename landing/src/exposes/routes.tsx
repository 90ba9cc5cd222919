import type React from 'react';
import { LandingPage } from '../features/landing';

/**
 * The remote's one screen. The host mounts it at / exactly, so there are no nested routes to declare
 * (a descendant <Routes> under a non-splat parent would never match deeper paths anyway).
 */
export default function LandingRoutes(): React.JSX.Element {
  return <LandingPage />;
}
