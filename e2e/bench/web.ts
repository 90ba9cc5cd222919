/**
 * `pnpm bench web`: the composed product in a browser. The real server (a fresh stack) serves the production
 * builds of the host and every remote; Debian's Chromium loads them.
 *
 * 1. Lighthouse on `/` (landing) and `/login` (auth): performance, accessibility and best-practices scores,
 *    LCP, CLS and TBT, on the desktop preset (and the mobile one with BENCH_MOBILE=1).
 * 2. The initial JavaScript of every app: each app's route is opened in a fresh context (signed in where the
 *    route needs it) and every script it loads until the network is idle is gzip-sized and attributed to the
 *    app that serves it (/static/ = host, /remotes/<name>/ = that remote).
 *
 * Baselines in the same run: a static page with no JavaScript (this machine's floor right now) and the host's
 * not-found page (the host shell with no remote). Prints figures only and asserts nothing about time: the
 * machines are shared and noisy. Needs `pnpm build` first.
 * Environment: BENCH_MOBILE=1 adds Lighthouse's mobile preset (about half a minute more per page).
 */
import { cpus, loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { registerUser, type TestUser } from '../support/api';
import { launchBrowser } from '../support/browser';
import { startStack, type Stack } from '../support/stack';
import { startBaselinePage, type BaselinePage } from './web/baseline-page';
import { kb, ms, num, shortName, table } from './web/format';
import { loadPage, sum, type PageLoad, type ScriptLoad } from './web/initial-js';
import {
  startLighthouse,
  type FormFactor,
  type LighthouseFigures,
  type LighthouseRunner,
} from './web/lighthouse';

const MOBILE = process.env.BENCH_MOBILE === '1';
const KB = 1024;
const TARGETS = { landingLcpMs: 1000, hostAndLandingGzip: 150 * KB, remoteOwnGzip: 60 * KB };

/** A path no route of the host matches: its not-found page, the shell without any remote. */
const NOT_FOUND = '/bench-baseline-not-found';

/** Each remote (by federation name) and the route where it is the page's own app. */
const REMOTE_ROUTES: readonly { remote: string; route: string; signedIn: boolean }[] = [
  { remote: 'landing', route: '/', signedIn: false },
  { remote: 'auth', route: '/login', signedIn: false },
  { remote: 'connections', route: '/connections', signedIn: true },
  { remote: 'syncdesk', route: '/syncdesk', signedIn: true },
  { remote: 'trade_history', route: '/trade-history/dashboard', signedIn: true },
  { remote: 'profile', route: '/profile', signedIn: true },
];

function machine(): string {
  return `${loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')} load on ${cpus().length} cores`;
}

async function lighthouseSection(
  runner: LighthouseRunner,
  stack: Stack,
  baseline: BaselinePage,
): Promise<LighthouseFigures | null> {
  const pages = [
    { label: 'baseline: static page', url: baseline.url },
    { label: 'baseline: not-found (host only)', url: `${stack.url}${NOT_FOUND}` },
    { label: '/ (landing)', url: `${stack.url}/` },
    { label: '/login (auth)', url: `${stack.url}/login` },
  ];
  const formFactors: FormFactor[] = MOBILE ? ['desktop', 'mobile'] : ['desktop'];
  const rows: string[][] = [];
  let landingDesktop: LighthouseFigures | null = null;
  const started = Date.now();
  for (const formFactor of formFactors) {
    for (const page of pages) {
      const figures = await runner.run(page.url, formFactor);
      if (formFactor === 'desktop' && page.label.startsWith('/ ')) landingDesktop = figures;
      rows.push([
        `${page.label}${formFactors.length > 1 ? ` [${formFactor}]` : ''}`,
        num(figures.performance),
        num(figures.accessibility),
        num(figures.bestPractices),
        ms(figures.lcpMs),
        ms(figures.observedLcpMs),
        num(figures.cls, 3),
        ms(figures.tbtMs),
        ms(figures.fcpMs),
        figures.error ?? '',
      ]);
    }
  }
  console.log(
    `\nLighthouse — ${runner.describe()}, ${formFactors.join(' and ')} preset${formFactors.length > 1 ? 's' : ''}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(
    table(
      [
        'page',
        'perf',
        'a11y',
        'best-pr.',
        'LCP (lab)',
        'LCP (loopback)',
        'CLS',
        'TBT (lab)',
        'FCP (lab)',
        'error',
      ],
      rows,
    ),
  );
  console.log(
    "  lab = Lighthouse's simulated throttling of the preset (what the score uses); loopback = this load as observed",
  );
  return landingDesktop;
}

function attributionRows(load: PageLoad, own: string | null): string[] {
  const host = sum(load.scripts, (s) => s.app === 'host');
  const mine = own ? sum(load.scripts, (s) => s.app === own) : null;
  const others = sum(load.scripts, (s) => s.app !== 'host' && s.app !== own);
  const total = sum(load.scripts, () => true);
  const notes = [
    load.finalPath !== load.route.split('?')[0] ? `ended at ${load.finalPath}` : '',
    load.idle ? '' : 'network never idle',
    own && !mine?.files ? 'the remote did not load' : '',
    load.errors.length > 0
      ? `${load.errors.length} page error(s), first: ${load.errors[0]!.slice(0, 100)}`
      : '',
    others.files > 0
      ? [...new Set(load.scripts.filter((s) => s.app !== 'host' && s.app !== own).map((s) => s.app))].join(
          ', ',
        )
      : '',
  ].filter(Boolean);
  return [
    load.route,
    own ?? '—',
    `${kb(host.gzip)} (${host.files})`,
    mine ? `${kb(mine.gzip)} (${mine.files})` : '—',
    others.files > 0 ? `${kb(others.gzip)} (${others.files})` : '—',
    kb(total.gzip),
    kb(total.raw),
    notes.join('; '),
  ];
}

async function initialJsSection(browser: Browser, stack: Stack, user: TestUser): Promise<void> {
  const started = Date.now();
  const baseline = await loadPage(browser, stack.url, NOT_FOUND);
  const loads = new Map<string, PageLoad>();
  for (const { remote, route, signedIn } of REMOTE_ROUTES) {
    loads.set(remote, await loadPage(browser, stack.url, route, signedIn ? user : undefined));
  }

  console.log(
    `\nInitial JavaScript — every script a page loads until the network is idle, fresh cache, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log('  gzip = zlib level 6 of each body; (n) = files; 1 KB = 1024 bytes');
  const rows = [
    attributionRows(baseline, null),
    ...REMOTE_ROUTES.map(({ remote }) => attributionRows(loads.get(remote)!, remote)),
  ];
  console.log(
    table(
      [
        'page',
        'own app',
        'host gzip',
        'own remote gzip',
        'other remotes',
        'total gzip',
        'total raw',
        'notes',
      ],
      rows,
    ),
  );

  const landing = loads.get('landing')!;
  const hostAndLanding = sum(landing.scripts, (s) => s.app === 'host' || s.app === 'landing');
  const hostOnly = sum(baseline.scripts, (s) => s.app === 'host');
  console.log('\n  against the targets');
  const summary: string[][] = [
    [
      'host + landing on /',
      kb(hostAndLanding.gzip),
      `< ${kb(TARGETS.hostAndLandingGzip)}`,
      `baseline: host alone on its not-found page ${kb(hostOnly.gzip)}`,
    ],
  ];
  for (const { remote, route } of REMOTE_ROUTES) {
    const own = sum(loads.get(remote)!.scripts, (s) => s.app === remote);
    summary.push([
      `${remote} own initial chunks (${route})`,
      kb(own.gzip),
      `< ${kb(TARGETS.remoteOwnGzip)}`,
      `${own.files} files, ${kb(own.raw)} raw`,
    ]);
  }
  console.log(table(['', 'gzip', 'target', 'for comparison'], summary, '    '));

  // File by file, largest first, so a figure over its target points at the chunk to look at.
  const list = (title: string, scripts: readonly ScriptLoad[]): void => {
    console.log(`    ${title}`);
    for (const script of [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      console.log(`      ${kb(script.gzipBytes).padStart(9)}  ${shortName(script.path)}`);
    }
  };
  console.log('\n  files (gzip)');
  list(
    `host on ${NOT_FOUND} (shared singletons included: the host provides them to every remote)`,
    baseline.scripts.filter((s) => s.app === 'host'),
  );
  list(
    'host on / (what the landing page needs of the shell)',
    loads.get('landing')!.scripts.filter((s) => s.app === 'host'),
  );
  for (const { remote } of REMOTE_ROUTES) {
    list(
      `${remote} (remoteEntry.js, the exposed module, its eager own chunks)`,
      loads.get(remote)!.scripts.filter((s) => s.app === remote),
    );
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  let stack: Stack | undefined;
  let baseline: BaselinePage | undefined;
  let runner: LighthouseRunner | undefined;
  let browser: Browser | undefined;
  try {
    stack = await startStack();
    baseline = await startBaselinePage();
    console.log(
      `web bench: the production builds served by the real server at ${stack.url}; ${machine()} (shared machines skew timings)`,
    );

    runner = await startLighthouse();
    const landing = await lighthouseSection(runner, stack, baseline);
    await runner.close();
    runner = undefined;

    const user = await registerUser(stack);
    browser = await launchBrowser();
    await initialJsSection(browser, stack, user);

    console.log(
      '\nTargets (for reference, not asserted): landing LCP under 1.0 s on loopback, host + landing initial JavaScript',
    );
    console.log("under 150 KB gzip, each remote's own initial chunks under 60 KB gzip.");
    if (landing) {
      console.log(
        `  landing LCP: ${ms(landing.observedLcpMs)} on loopback, ${ms(landing.lcpMs)} lab (desktop); target < ${ms(TARGETS.landingLcpMs)}`,
      );
    }
    console.log(
      `  machine at the end: ${machine()}; whole bench ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await browser?.close();
    await runner?.close();
    await baseline?.close();
    await stack?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
