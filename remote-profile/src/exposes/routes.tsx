import type React from 'react';
import { Route, Routes } from 'react-router-dom';
import { ProfilePage } from '../features/profile/components/profile-page';

/** The remote's routes, relative to where the host mounts it (/profile/*). Never creates a router. */
export default function ProfileRoutes(): React.JSX.Element {
  return (
    <Routes>
      <Route index element={<ProfilePage tab="profile" />} />
      <Route path="security" element={<ProfilePage tab="security" />} />
      <Route path="*" element={<ProfilePage tab="profile" />} />
    </Routes>
  );
}
