/**
 * The one place that sends the whole window elsewhere. An object (not a bare function) so component tests
 * can replace `assign`, which jsdom cannot perform.
 */
export const browserWindow = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
