import type { Theme } from '@synctrade/event-bus';

export interface ThemeTokens {
  mode: Theme;
  color: {
    bg: string;
    surface: string;
    surfaceRaised: string;
    border: string;
    text: string;
    textMuted: string;
    primary: string;
    primaryText: string;
    success: string;
    danger: string;
    warning: string;
    highlight: string;
    overlay: string;
    focus: string;
  };
  radius: { sm: string; md: string; lg: string };
  space: (n: number) => string;
  font: { body: string; mono: string };
  breakpoint: { sm: string; md: string; lg: string };
  shadow: string;
}

const base = {
  radius: { sm: '6px', md: '10px', lg: '16px' },
  space: (n: number) => `${n * 4}px`,
  font: {
    body: "Inter, 'Segoe UI', Roboto, system-ui, -apple-system, sans-serif",
    mono: "'JetBrains Mono', 'SFMono-Regular', Menlo, monospace",
  },
  breakpoint: { sm: '640px', md: '900px', lg: '1200px' },
};

/** Contrast checked for WCAG AA on body text against `bg` and `surface`. */
export const darkTokens: ThemeTokens = {
  ...base,
  mode: 'dark',
  color: {
    bg: '#0b0f17',
    surface: '#121826',
    surfaceRaised: '#1a2233',
    border: '#2a3447',
    text: '#e6eaf2',
    textMuted: '#a3adc2',
    primary: '#4f8cff',
    // Dark text on the bright blue: white on #4f8cff is only 3.2:1, below WCAG AA for button labels.
    primaryText: '#0b0f17',
    success: '#34d399',
    danger: '#f87171',
    warning: '#fbbf24',
    highlight: 'rgba(79, 140, 255, 0.28)',
    overlay: 'rgba(3, 6, 12, 0.6)',
    focus: '#93b8ff',
  },
  shadow: '0 8px 24px rgba(0, 0, 0, 0.35)',
};

export const lightTokens: ThemeTokens = {
  ...base,
  mode: 'light',
  color: {
    bg: '#f5f7fb',
    surface: '#ffffff',
    surfaceRaised: '#eef2f8',
    border: '#d5dbe6',
    text: '#111827',
    textMuted: '#4b5563',
    primary: '#1d5fd6',
    primaryText: '#ffffff',
    success: '#047857',
    danger: '#b91c1c',
    warning: '#92400e',
    highlight: 'rgba(29, 95, 214, 0.18)',
    overlay: 'rgba(17, 24, 39, 0.45)',
    focus: '#1d5fd6',
  },
  shadow: '0 8px 24px rgba(17, 24, 39, 0.12)',
};

export function tokensFor(theme: Theme): ThemeTokens {
  return theme === 'dark' ? darkTokens : lightTokens;
}
