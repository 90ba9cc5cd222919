import styled, { type DefaultTheme } from 'styled-components';

/** The sticky top bar's height; sections keep this much room above them when an anchor scrolls to them. */
export const TOP_BAR_HEIGHT = 64;

/** Text on the primary color: the dark theme's white-on-blue is below WCAG AA, its page color is not. */
export const onPrimary = ({ theme }: { theme: DefaultTheme }): string =>
  theme.mode === 'dark' ? theme.color.bg : theme.color.primaryText;

/** One landing section: full width band, centered content, anchor-friendly. */
export const Section = styled.section<{ $alt?: boolean }>`
  scroll-margin-top: ${TOP_BAR_HEIGHT + 8}px;
  padding: ${({ theme }) => `${theme.space(20)} ${theme.space(5)}`};
  background: ${({ $alt, theme }) => ($alt ? theme.color.surface : 'transparent')};
  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    padding: ${({ theme }) => `${theme.space(12)} ${theme.space(4)}`};
  }
`;

export const Inner = styled.div`
  max-width: 1160px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(8)};
`;

export const Heading = styled.div`
  text-align: center;
  max-width: 720px;
  margin: 0 auto;
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-size: clamp(26px, 4vw, 38px);
    line-height: 1.15;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 17px;
  }
`;

export const Eyebrow = styled.span`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.primary};
  font-weight: 700;
  font-size: 13px;
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

export const Grid = styled.ul<{ $min?: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${({ $min = 240 }) => $min}px), 1fr));
`;

export const Tile = styled.li`
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: ${({ theme }) => theme.space(6)};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 18px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
