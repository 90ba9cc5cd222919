import type React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from '@synctrade/event-bus';
import { ThemeProvider, useTheme } from './theme-context';

function Probe(): React.JSX.Element {
  const { theme, toggleTheme, setTheme } = useTheme();
  return (
    <>
      <p>theme: {theme}</p>
      <button onClick={toggleTheme}>toggle</button>
      <button onClick={() => setTheme('light')}>light</button>
      <button onClick={() => setTheme('dark')}>dark</button>
    </>
  );
}

describe('theme', () => {
  afterEach(() => document.documentElement.classList.remove('dark'));

  it('when nothing is stored, then the theme is dark and the root has the dark class', () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText('theme: dark')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('when light is stored, then it wins on load', () => {
    window.localStorage.setItem('theme', 'light');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText('theme: light')).toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('when a stored value is not a theme, then dark is used', () => {
    window.localStorage.setItem('theme', 'purple');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText('theme: dark')).toBeInTheDocument();
  });

  it('when toggled and set, then the class, the stored value and the bus follow', async () => {
    const heard = jest.fn();
    const off = bus.on('theme:changed', heard);
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.getByText('theme: light')).toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('light');
    await user.click(screen.getByRole('button', { name: 'dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(heard).toHaveBeenLastCalledWith({ theme: 'dark' });
    off();
  });

  it('when useTheme is used outside its provider, then it throws a clear error', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useTheme must be used within a ThemeProvider');
  });
});
