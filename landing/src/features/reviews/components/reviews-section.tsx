import type React from 'react';
import styled from 'styled-components';
import { TESTIMONIALS } from '../content/testimonials';
import { useCarousel } from '../hooks/use-carousel';
import { ReviewCard } from './review-card';

export const VISIBLE_REVIEWS = 3;

const Section = styled.section`
  scroll-margin-top: 72px;
  padding: ${({ theme }) => `${theme.space(20)} ${theme.space(5)}`};
  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    padding: ${({ theme }) => `${theme.space(12)} ${theme.space(4)}`};
  }
`;

const Inner = styled.div`
  max-width: 1160px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(8)};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  h2 {
    margin: 0;
    font-size: clamp(26px, 4vw, 38px);
  }
`;

const Controls = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  button {
    width: 44px;
    height: 44px;
    border-radius: 50%;
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    font-size: 18px;
    cursor: pointer;
  }
`;

const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr));
`;

const Track = styled.div`
  height: 6px;
  border-radius: 3px;
  background: ${({ theme }) => theme.color.border};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.color.primary};
  transition: width 200ms ease;
`;

/** Testimonials (id reviews): 3 of 5 shown, previous and next wrap around, progress (position + 1) / total. */
export function ReviewsSection(): React.JSX.Element {
  const { index, visible, progress, next, previous } = useCarousel(TESTIMONIALS, VISIBLE_REVIEWS);
  const total = TESTIMONIALS.length;
  return (
    <Section id="reviews" aria-labelledby="reviews-title">
      <Inner>
        <Head>
          <h2 id="reviews-title">What traders say</h2>
          <Controls>
            <button
              type="button"
              aria-label="Previous testimonial"
              aria-controls="reviews-list"
              onClick={previous}
            >
              ←
            </button>
            <button type="button" aria-label="Next testimonial" aria-controls="reviews-list" onClick={next}>
              →
            </button>
          </Controls>
        </Head>
        <Cards
          id="reviews-list"
          aria-live="polite"
          aria-label={`Testimonials ${index + 1} to ${index + visible.length} of ${total}`}
        >
          {visible.map((testimonial) => (
            <ReviewCard key={testimonial.handle} testimonial={testimonial} />
          ))}
        </Cards>
        <Track
          role="progressbar"
          aria-label="Testimonial position"
          aria-valuemin={1}
          aria-valuemax={total}
          aria-valuenow={index + 1}
          aria-valuetext={`${index + 1} of ${total}`}
        >
          <Fill data-testid="reviews-progress" style={{ width: `${progress * 100}%` }} />
        </Track>
      </Inner>
    </Section>
  );
}
