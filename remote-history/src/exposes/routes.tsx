import type React from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { DashboardPage } from '../features/history';
import { PeriodPage } from '../features/periods';
import { QualityPage } from '../features/quality';

/** The remote's routes, relative to where the host mounts it (/trade-history/*). Never creates a router. */
export default function HistoryRoutes(): React.JSX.Element {
  return (
    <Routes>
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="daily" element={<PeriodPage kind="day" />} />
      <Route path="weekly" element={<PeriodPage kind="week" />} />
      <Route path="quality" element={<QualityPage />} />
      <Route path="*" element={<Navigate to="dashboard" replace />} />
    </Routes>
  );
}
