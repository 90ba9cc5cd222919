import type React from 'react';
import { Route, Routes } from 'react-router-dom';
import { preloadDesk, SyncdeskPage } from '../features/syncdesk';

/** Called by the host when /syncdesk is the page being opened: the desk's first data starts with the shell. */
export const preload = preloadDesk;

/** The remote's routes, relative to where the host mounts it (/syncdesk/*). Never creates a router. */
export default function SyncdeskRoutes(): React.JSX.Element {
  return (
    <Routes>
      <Route index element={<SyncdeskPage />} />
      <Route path="*" element={<SyncdeskPage />} />
    </Routes>
  );
}
