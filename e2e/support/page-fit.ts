import type { Page } from 'playwright-core';

/** The two screens every page is checked on: a laptop and a phone. */
export const SCREENS = [
  { name: 'laptop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** How far the page is wider than the screen, in CSS pixels (0 when it fits). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return Math.max(0, scroller.scrollWidth - window.innerWidth);
  });
}

/** The elements sticking out past the right edge of the screen, for a readable failure. */
export async function widestElements(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((element) => {
        const { right } = element.getBoundingClientRect();
        const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
        return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${label}" right=${Math.round(right)}`;
      }),
  );
}
