/**
 * The JavaScript a page of the composed product loads until the network is idle, each script gzip-sized and
 * attributed to the app that serves it by its URL.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { signInPage, type TestUser } from '../../support/api';
import { newSession } from '../../support/browser';

export interface ScriptLoad {
  /** Path of the script on the stack, e.g. /remotes/auth/remoteEntry.js. */
  path: string;
  /** `host`, a remote's federation name, or `other`. */
  app: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface PageLoad {
  route: string;
  /** Where the page ended up (a failed sign-in would show as /login). */
  finalPath: string;
  scripts: ScriptLoad[];
  /** False when the network never went idle within the time limit (the figures are then what had loaded). */
  idle: boolean;
  errors: string[];
}

/** The app a script belongs to: the host serves /static/, each remote /remotes/<name>/ (or a deployed version). */
export function appOf(path: string): string {
  if (path.startsWith('/static/')) return 'host';
  const remote = /^\/(?:remotes|deploy)\/([^/]+)\//.exec(path);
  return remote ? remote[1]! : 'other';
}

/**
 * Gzip at zlib's default level (6), what a server compressing on the fly typically sends; the server of the
 * default set-up may not compress at all, so transfer sizes would not say what the app costs over a network.
 */
function gzipSize(body: Buffer): number {
  return gzipSync(body).length;
}

/** Opens `route` in a fresh context (empty cache), signed in as `user` when given, and sizes its scripts. */
export async function loadPage(
  browser: Browser,
  baseUrl: string,
  route: string,
  user?: TestUser,
): Promise<PageLoad> {
  const { context, page, errors } = await newSession(browser, baseUrl);
  const origin = new URL(baseUrl).origin;
  const pending: Promise<ScriptLoad | null>[] = [];
  const size = async (response: Response): Promise<ScriptLoad | null> => {
    const url = new URL(response.url());
    try {
      const body = await response.body();
      return {
        path: url.pathname,
        app: appOf(url.pathname),
        rawBytes: body.length,
        gzipBytes: gzipSize(body),
      };
    } catch {
      // A body can be gone when the page navigated on; such a script was not part of the page that stayed.
      return null;
    }
  };
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    if (new URL(response.url()).origin !== origin) return;
    pending.push(size(response));
  });
  try {
    if (user) await signInPage(page, user);
    let idle = true;
    try {
      await page.goto(route, { waitUntil: 'networkidle', timeout: 60_000 });
      // On a loaded machine the network can rest while the shell's first script still runs: wait for the page's
      // heading (the shell and its remote rendered), then for the network to rest again.
      await page.waitForSelector('#root h1, #root h2', { timeout: 60_000 }).catch(() => undefined);
      await page.waitForLoadState('networkidle', { timeout: 60_000 });
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
      idle = false;
    }
    const seen = new Map<string, ScriptLoad>();
    for (const script of await Promise.all(pending)) {
      if (script && !seen.has(script.path)) seen.set(script.path, script);
    }
    return {
      route,
      finalPath: new URL(page.url()).pathname,
      scripts: [...seen.values()],
      idle,
      errors: [...errors],
    };
  } finally {
    await context.close();
  }
}

export function sum(
  scripts: readonly ScriptLoad[],
  pick: (script: ScriptLoad) => boolean,
): { raw: number; gzip: number; files: number } {
  const chosen = scripts.filter(pick);
  return {
    raw: chosen.reduce((total, s) => total + s.rawBytes, 0),
    gzip: chosen.reduce((total, s) => total + s.gzipBytes, 0),
    files: chosen.length,
  };
}
