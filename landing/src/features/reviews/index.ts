export { ReviewsSection, VISIBLE_REVIEWS } from './components/reviews-section';
export { TESTIMONIALS, type Testimonial } from './content/testimonials';
