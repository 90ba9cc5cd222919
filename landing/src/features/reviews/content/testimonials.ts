export interface Testimonial {
  text: string;
  name: string;
  handle: string;
}

/** Five testimonials (spec: 3 shown of 5). Names are illustrative. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    text: 'I run 40+ accounts on one click now. What used to take me a minute of frantic clicking is done before I blink.',
    name: 'Marcus Reed',
    handle: '@marcus_trades_es',
  },
  {
    text: 'Fills on my followers land within a tick of the leader. The ratio per account is exactly what I needed for micros.',
    name: 'Elena Park',
    handle: '@elenaparkfutures',
  },
  {
    text: 'Set up took ten minutes: connect Tradovate, pick the leader, done. The flatten-all button has saved me twice.',
    name: 'Dev Malhotra',
    handle: '@devonthetape',
  },
  {
    text: 'Nothing to keep running on my laptop. I trade NQ from anywhere and every evaluation account follows.',
    name: 'Sofia Grant',
    handle: '@sofia_nq',
  },
  {
    text: 'Clean, fast and honest about what it does. The live order view tells me every follower got the trade.',
    name: 'Jordan Blake',
    handle: '@jblake_cl',
  },
];
