import { Route, Routes } from 'react-router-dom';
import { mockApi, renderWithProviders, screen, type ApiMock } from '@synctrade/test-utils';
import { ShellLayout } from './shell-layout';

let api: ApiMock;
beforeEach(() => {
  api = mockApi()
    .on('GET /notifications', [200, { notifications: [], unread: 0 }])
    .on('GET /auth/profile', [200, { id: 1, email: 'trader@example.com', username: 'trader' }]);
});
afterEach(() => api.restore());

function renderShell(): ReturnType<typeof renderWithProviders> {
  return renderWithProviders(
    <Routes>
      <Route element={<ShellLayout />}>
        <Route path="*" element={<button type="button">First control of the page</button>} />
      </Route>
    </Routes>,
    { route: '/syncdesk' },
  );
}

describe('shell layout', () => {
  it('when the trader presses Tab first, then Skip to content is focused and takes focus to the page', async () => {
    const { user } = renderShell();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First control of the page' })).toHaveFocus();
  });
});
