import { Navigate, Route, Routes } from 'react-router-dom';
import { mountStandalone } from '@synctrade/ui/standalone';
import Remote from './exposes/routes';

// Standalone mode: this remote's own page, for its team to develop and test without the host.
mountStandalone(
  <Routes>
    <Route path="/syncdesk/*" element={<Remote />} />
    <Route path="*" element={<Navigate to="/syncdesk" replace />} />
  </Routes>,
);
