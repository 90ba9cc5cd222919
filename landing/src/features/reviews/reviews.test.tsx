import { renderWithProviders, screen, within } from '@synctrade/test-utils';
import { ReviewsSection, TESTIMONIALS } from '.';

const shownNames = (): string[] =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((card) => card.querySelector('strong')?.textContent ?? '');
const names = (...indexes: number[]): string[] => indexes.map((index) => TESTIMONIALS[index]?.name ?? '');
const progressWidth = (): string => screen.getByTestId('reviews-progress').style.width;

describe('testimonials carousel', () => {
  it('when it starts, then the first three of five show and progress is 1/5', () => {
    renderWithProviders(<ReviewsSection />);
    expect(TESTIMONIALS).toHaveLength(5);
    expect(shownNames()).toEqual(names(0, 1, 2));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(progressWidth()).toBe('20%');
    TESTIMONIALS.forEach((item) => expect(item.text && item.name && item.handle).toBeTruthy());
  });

  it('when next is pressed, then it moves by one, wraps past the end and the progress follows', async () => {
    const { user } = renderWithProviders(<ReviewsSection />);
    const next = screen.getByRole('button', { name: 'Next testimonial' });
    await user.click(next);
    expect(shownNames()).toEqual(names(1, 2, 3));
    expect(progressWidth()).toBe('40%');
    await user.click(next);
    await user.click(next);
    expect(shownNames()).toEqual(names(3, 4, 0));
    await user.click(next);
    expect(shownNames()).toEqual(names(4, 0, 1));
    expect(progressWidth()).toBe('100%');
    await user.click(next);
    expect(shownNames()).toEqual(names(0, 1, 2));
    expect(progressWidth()).toBe('20%');
  });

  it('when previous is pressed at the start, then it wraps to the last position', async () => {
    const { user } = renderWithProviders(<ReviewsSection />);
    await user.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(shownNames()).toEqual(names(4, 0, 1));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '5');
    expect(progressWidth()).toBe('100%');
    await user.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(shownNames()).toEqual(names(3, 4, 0));
    expect(progressWidth()).toBe('80%');
  });
});
