import type React from 'react';
import { Route, Routes } from 'react-router-dom';
import { PlaceholderPage } from '../features/placeholder/placeholder-page';

/** The remote's routes, relative to where the host mounts it (/connections/*). Never creates a router. */
export default function ConnectionsRoutes(): React.JSX.Element {
  return (
    <Routes>
      <Route index element={<PlaceholderPage />} />
      <Route path=":id" element={<PlaceholderPage />} />
    </Routes>
  );
}
