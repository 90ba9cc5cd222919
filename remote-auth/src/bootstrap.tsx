import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AppProviders } from '@synctrade/ui';
import Remote from './exposes/routes';

// Standalone mode: this remote's own page, for its team to develop and test without the host.
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders>
          <Routes>
            <Route path="/login" element={<Remote />} />
            <Route path="/forgot-password" element={<Remote />} />
            <Route path="/reset-password" element={<Remote />} />
            <Route path="*" element={<Navigate to="/login" replace />} />
          </Routes>
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
}
