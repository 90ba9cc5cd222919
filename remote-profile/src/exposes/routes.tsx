import type React from 'react';
import { Route, Routes } from 'react-router-dom';
import { PlaceholderPage } from '../features/placeholder/placeholder-page';

/** The remote's routes, relative to where the host mounts it (/profile/*). Never creates a router. */
export default function ProfileRoutes(): React.JSX.Element {
  return (
    <Routes>
      <Route index element={<PlaceholderPage />} />
      <Route path="*" element={<PlaceholderPage />} />
    </Routes>
  );
}
