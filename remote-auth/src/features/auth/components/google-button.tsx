import type React from 'react';
import styled from 'styled-components';
import { Button } from '@synctrade/ui';

const Wide = styled(Button)`
  width: 100%;
`;

/** A "G" mark drawn here (no third-party artwork), hidden from assistive technology. */
function GoogleMark(): React.JSX.Element {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
      <circle cx="9" cy="9" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M9 8h5" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export function GoogleButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled?: boolean;
  onClick(): void;
}): React.JSX.Element {
  return (
    <Wide type="button" $variant="secondary" disabled={disabled} onClick={onClick}>
      <GoogleMark />
      {label}
    </Wide>
  );
}
