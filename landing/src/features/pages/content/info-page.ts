/** A section of a public text page: a heading and its paragraphs, optionally a list. */
export interface InfoSection {
  heading: string;
  /** An anchor other pages may link to (`/guides/help-center#community`). */
  id?: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

/** A public text page (legal or guide) of the landing remote. */
export interface InfoPage {
  path: string;
  title: string;
  /** The page's meta description and the lead under its heading. */
  lead: string;
  sections: readonly InfoSection[];
}
