/** The top bar's in-page anchors, in the spec's order; each has a section with that id. */
export const NAV_ANCHORS = [
  { id: 'features', label: 'Features' },
  { id: 'about', label: 'About' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'faq', label: 'FAQ' },
] as const;
