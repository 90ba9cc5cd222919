import type {} from '../theme/styled-theme';
import styled, { css } from 'styled-components';

export const Page = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(5)};
  padding: ${({ theme }) => theme.space(6)};
  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    padding: ${({ theme }) => theme.space(3)};
  }
`;

/** A title with its counts and actions on one line, wrapping on narrow screens (page and section headers). */
export const headerBar = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

export const PageHeader = styled.header`
  ${headerBar}
  h1 {
    margin: 0;
    font-size: 24px;
  }
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

export const Card = styled.div`
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space(5)};
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
`;
