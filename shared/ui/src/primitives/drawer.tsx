import type {} from '../theme/styled-theme';
import type React from 'react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import styled from 'styled-components';
import { useEscape } from './use-dismiss';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.color.overlay};
  z-index: 1000;
`;

const Panel = styled.aside`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  width: min(420px, 100%);
  background: ${({ theme }) => theme.color.surface};
  border-left: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: ${({ theme }) => theme.shadow};
  z-index: 1001;
  padding: ${({ theme }) => theme.space(6)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  overflow-y: auto;
  h2 {
    margin: 0;
  }
`;

export interface DrawerProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
}

/** A side panel; Escape and the overlay close it. */
export function Drawer({ open, title, onClose, children }: DrawerProps): React.JSX.Element | null {
  const titleId = useId();
  useEscape(open, onClose);
  if (!open) return null;
  return (
    <>
      <Overlay data-testid="drawer-overlay" onClick={onClose} />
      <Panel role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {children}
      </Panel>
    </>
  );
}
