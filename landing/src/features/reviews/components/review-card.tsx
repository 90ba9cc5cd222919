import type React from 'react';
import styled from 'styled-components';
import type { Testimonial } from '../content/testimonials';

const Card = styled.li`
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  blockquote {
    margin: 0;
    font-size: 16px;
  }
  figcaption {
    display: flex;
    flex-direction: column;
  }
  figcaption span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 14px;
  }
`;

const Figure = styled.figure`
  margin: 0;
  height: 100%;
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(5)};
`;

export function ReviewCard({ testimonial }: { testimonial: Testimonial }): React.JSX.Element {
  return (
    <Card>
      <Figure>
        <blockquote>“{testimonial.text}”</blockquote>
        <figcaption>
          <strong>{testimonial.name}</strong>
          <span>{testimonial.handle}</span>
        </figcaption>
      </Figure>
    </Card>
  );
}
