import { Navigate, Route, Routes } from 'react-router';
import { mountStandalone } from '@synctrade/ui/standalone';
import Remote from './exposes/routes';

// Standalone mode: this remote's own page, for its team to develop and test without the host.
mountStandalone(
  <Routes>
    <Route path="/" element={<Remote />} />
    <Route path="*" element={<Navigate to="/" replace />} />
  </Routes>,
);
