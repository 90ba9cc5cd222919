import type {} from '../theme/styled-theme';
import styled from 'styled-components';

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  label {
    font-weight: 600;
    font-size: 14px;
  }
`;

export const Input = styled.input`
  width: 100%;
  padding: ${({ theme }) => `${theme.space(2.5)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
  &:disabled {
    opacity: 0.7;
  }
`;

export const Select = styled.select`
  width: 100%;
  padding: ${({ theme }) => `${theme.space(2.5)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
`;

export const TextArea = styled.textarea`
  width: 100%;
  min-height: 96px;
  padding: ${({ theme }) => `${theme.space(2.5)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  resize: vertical;
`;

/** A field's error text; `role="alert"` so it is announced and testable. */
export const FieldError = styled.p.attrs({ role: 'alert' })`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: 13px;
`;
