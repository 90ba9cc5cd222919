import { screen } from '@synctrade/test-utils';
import { renderAuth, setUpAuthTest } from '../test-helpers';

describe('auth remote routes', () => {
  setUpAuthTest();

  it.each([
    ['/login', 'Sign In'],
    ['/login?view=signup', 'Start trading efficiently'],
    ['/forgot-password', 'Forgot password?'],
    ['/reset-password?token=abc', 'Set a new password'],
  ])('when mounted at %s, then it shows "%s"', (route, heading) => {
    renderAuth(route);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
  });

  it('when the switch links are used, then the one screen toggles between Sign In and Sign Up', async () => {
    const { user } = renderAuth('/login');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Start trading efficiently');
    expect(screen.getByText(/7-day free trial/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign In');
  });

  it('when the form shows the terms consent, then Terms and Privacy open their pages in a new tab', () => {
    renderAuth('/login');
    const terms = screen.getByRole('link', { name: 'Terms of Service' });
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' });
    expect(terms).toHaveAttribute('href', '/legal/terms');
    expect(privacy).toHaveAttribute('href', '/legal/privacy');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(privacy).toHaveAttribute('target', '_blank');
  });

  it('when "Forgot password?" is followed, then it leads to /forgot-password', async () => {
    const { user, location } = renderAuth('/login');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(location()).toBe('/forgot-password');
  });
});
