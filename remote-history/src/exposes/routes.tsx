import type React from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PlaceholderPage } from '../features/placeholder/placeholder-page';

/** The remote's routes, relative to where the host mounts it (/trade-history/*). Never creates a router. */
export default function HistoryRoutes(): React.JSX.Element {
  return (
    <Routes>
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<PlaceholderPage />} />
      <Route path="daily" element={<PlaceholderPage />} />
      <Route path="weekly" element={<PlaceholderPage />} />
    </Routes>
  );
}
