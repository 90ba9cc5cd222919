import type React from 'react';

type IconProps = { size?: number };

function svg(path: React.ReactNode, size = 20): React.JSX.Element {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {path}
    </svg>
  );
}

export const BellIcon = ({ size }: IconProps): React.JSX.Element =>
  svg(
    <>
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </>,
    size,
  );
export const UserIcon = ({ size }: IconProps): React.JSX.Element =>
  svg(
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>,
    size,
  );
export const LogoutIcon = ({ size }: IconProps): React.JSX.Element =>
  svg(
    <>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="m16 17 5-5-5-5" />
      <path d="M21 12H9" />
    </>,
    size,
  );
export const MenuIcon = ({ size }: IconProps): React.JSX.Element =>
  svg(
    <>
      <path d="M3 6h18" />
      <path d="M3 12h18" />
      <path d="M3 18h18" />
    </>,
    size,
  );
export const SunIcon = ({ size }: IconProps): React.JSX.Element =>
  svg(
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>,
    size,
  );
export const MoonIcon = ({ size }: IconProps): React.JSX.Element =>
  svg(<path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z" />, size);
export const ChevronIcon = ({ size, open }: IconProps & { open: boolean }): React.JSX.Element =>
  svg(<path d={open ? 'm6 15 6-6 6 6' : 'm6 9 6 6 6-6'} />, size);
