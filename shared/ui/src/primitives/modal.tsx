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
  display: flex;
  align-items: center;
  justify-content: center;
  z-index: 1000;
  padding: ${({ theme }) => theme.space(4)};
`;

const Dialog = styled.div`
  width: min(640px, 100%);
  max-height: 90vh;
  overflow: auto;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
  padding: ${({ theme }) => theme.space(6)};
  h2 {
    margin-top: 0;
  }
`;

export interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
}

/** A dialog over an overlay; Escape and a click on the overlay close it. */
export function Modal({ open, title, onClose, children }: ModalProps): React.JSX.Element | null {
  const titleId = useId();
  useEscape(open, onClose);
  if (!open) return null;
  return (
    <Overlay
      data-testid="modal-overlay"
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <Dialog role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {children}
      </Dialog>
    </Overlay>
  );
}
