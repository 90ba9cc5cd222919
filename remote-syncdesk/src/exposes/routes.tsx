import type React from 'react';
import { Route, Routes } from 'react-router-dom';
import { SyncdeskPage } from '../features/syncdesk';

/** The remote's routes, relative to where the host mounts it (/syncdesk/*). Never creates a router. */
export default function SyncdeskRoutes(): React.JSX.Element {
  return (
    <Routes>
      <Route index element={<SyncdeskPage />} />
      <Route path="*" element={<SyncdeskPage />} />
    </Routes>
  );
}
