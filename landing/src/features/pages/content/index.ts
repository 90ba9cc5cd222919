import { GUIDE_PAGES } from './guide-pages';
import type { InfoPage } from './info-page';
import { LEGAL_PAGES } from './legal-pages';

export type { InfoPage, InfoSection } from './info-page';

/** Every public text page, by its address. */
export const INFO_PAGES: readonly InfoPage[] = [...LEGAL_PAGES, ...GUIDE_PAGES];

export function infoPageAt(path: string): InfoPage | undefined {
  return INFO_PAGES.find((page) => page.path === path);
}
