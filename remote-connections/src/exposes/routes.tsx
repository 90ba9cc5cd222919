import type React from 'react';
import { Route, Routes } from 'react-router-dom';
import { ConnectionsPage } from '../features/connections';
import { DetailsPage } from '../features/connection-details/components/details-page';

/** The remote's routes, relative to where the host mounts it (/connections/*). Never creates a router. */
export default function ConnectionsRoutes(): React.JSX.Element {
  return (
    <Routes>
      <Route index element={<ConnectionsPage />} />
      <Route path=":id" element={<DetailsPage />} />
    </Routes>
  );
}
