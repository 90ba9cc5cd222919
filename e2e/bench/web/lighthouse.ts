/**
 * Lighthouse on pages of a running stack, in Debian's Chromium started by chrome-launcher (Lighthouse never
 * downloads a browser; chrome-launcher only starts the one it is given).
 */
import * as chromeLauncher from 'chrome-launcher';
import type { Config, Flags, Result } from 'lighthouse';
import { CHROMIUM_PATH } from '../../support/browser';

// The flags of support/browser.ts plus the new headless mode: this closed network refuses Chromium's own
// background traffic, which would otherwise stall and skew the page loads.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export type FormFactor = 'desktop' | 'mobile';

export interface LighthouseFigures {
  /** Category scores 0–100; null when Lighthouse could not score the category. */
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  /** Lab LCP, TBT and FCP in ms from the preset's simulated throttling (what the performance score uses). */
  lcpMs: number | null;
  tbtMs: number | null;
  fcpMs: number | null;
  cls: number | null;
  /** LCP as it happened in this unthrottled load on loopback. */
  observedLcpMs: number | null;
  /** Lighthouse's runtime error code, when the run failed. */
  error: string | null;
  wallMs: number;
}

export interface LighthouseRunner {
  run(url: string, formFactor: FormFactor): Promise<LighthouseFigures>;
  /** e.g. "Lighthouse 12.8.2 in Chrome/156.0.0.0"; known after the first run. */
  describe(): string;
  close(): Promise<void>;
}

type LighthouseModule = typeof import('lighthouse');

function score(lhr: Result, id: string): number | null {
  const value = lhr.categories[id]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : null;
}

function numeric(lhr: Result, id: string): number | null {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === 'number' ? value : null;
}

function observedLcp(lhr: Result): number | null {
  const details = lhr.audits.metrics?.details;
  if (!details || details.type !== 'debugdata' || !Array.isArray(details.items)) return null;
  const first: unknown = details.items[0];
  const value =
    first && typeof first === 'object'
      ? (first as Record<string, unknown>).observedLargestContentfulPaint
      : null;
  return typeof value === 'number' ? value : null;
}

/** Starts one Chromium that every run of this bench shares (Lighthouse resets storage between runs). */
export async function startLighthouse(): Promise<LighthouseRunner> {
  // A real dynamic import on purpose: a static import would be rewritten to require() by tsx, whose transform
  // adds a `__name` helper to Lighthouse's page functions, and those functions then fail inside the page.
  const lh: LighthouseModule = await import('lighthouse');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  let description = `Lighthouse (not run yet), ${CHROMIUM_PATH}`;

  const once = async (url: string, formFactor: FormFactor): Promise<LighthouseFigures> => {
    const started = Date.now();
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      // SEO and the rest are not asked for; leaving them out shortens every run.
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    };
    const config: Config | undefined = formFactor === 'desktop' ? lh.desktopConfig : undefined;
    const result = await lh.default(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    description = `Lighthouse ${lhr.lighthouseVersion} in ${/(?:Headless)?Chrome\/[\d.]+/.exec(lhr.environment.hostUserAgent)?.[0] ?? 'Chromium'}`;
    return {
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      observedLcpMs: observedLcp(lhr),
      error: lhr.runtimeError?.code ?? null,
      wallMs: Date.now() - started,
    };
  };

  return {
    // One retry: the trace of a run now and then misses its navigation start (NO_NAVSTART) on a loaded machine,
    // and a second run of the same page is then fine.
    run: async (url, formFactor) => {
      const first = await once(url, formFactor);
      return first.error ? once(url, formFactor) : first;
    },
    describe: () => description,
    close: async () => {
      chrome.kill();
    },
  };
}
