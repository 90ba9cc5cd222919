/**
 * The live half of `pnpm bench syncdesk` (BENCH_LIVE=1): a desk of real paper accounts copying. The bench's user
 * connects the paper broker until it has the accounts asked for, makes the first one the leader and every other
 * one its follower, and the leader trades through the real paper ticket while the desk is measured: every trade
 * is copied to every follower, and each copy's fill, position and P&L reach the desk through the real feed.
 *
 * It also times how long /syncdesk takes to show those live rows against the bare shell's first paint (the host's
 * not-found page, no remote loaded), loaded one after the other in fresh pages so both pay the same machine.
 */
import type { Browser } from 'playwright-core';
import { api, connectPaperBroker, type TestUser } from '../support/api';
import { newSession } from '../support/browser';

export interface DeskRow {
  id: number;
  qty: number;
  accounts: string;
}

/** A user whose desk holds at least `count` paper accounts: the first leads, the next `count - 1` follow. */
export async function liveDesk(
  url: string,
  user: TestUser,
  count: number,
): Promise<{ rows: DeskRow[]; leader: DeskRow }> {
  const stack = { url };
  let rows: DeskRow[] = [];
  for (let k = 1; rows.length < count; k += 1) {
    await connectPaperBroker(stack, user, `Paper ${k}`);
    rows = await api<DeskRow[]>(stack, 'GET', '/brokers/accounts/table', undefined, user.token);
    if (k > count) throw new Error(`the paper broker gave ${rows.length} accounts after ${k} connections`);
  }
  const [leader, ...rest] = rows as [DeskRow, ...DeskRow[]];
  await api(stack, 'PUT', `/copier/accounts/${leader.id}/master`, undefined, user.token);
  for (const follower of rest.slice(0, count - 1))
    await api(stack, 'PUT', `/copier/accounts/${follower.id}/follower`, undefined, user.token);
  return { rows, leader };
}

/** The leader's trade number `k` (from 1): buy one, sell one, so the leader is long after odd trades, flat after even. */
export async function leaderTrade(url: string, user: TestUser, leaderId: number, k: number): Promise<void> {
  await api(
    { url },
    'POST',
    '/sim/orders',
    {
      account_id: leaderId,
      contract: 'ES',
      side: k % 2 === 1 ? 'buy' : 'sell',
      qty: 1,
      order_type: 'Market',
    },
    user.token,
  );
}

// Page-side probes, passed as text: the TypeScript runner would otherwise add helpers the page does not have.
const LIVE_ROWS_PROBE = `(() => {
  const seen = () => document.querySelector('[role="row"][data-account-id]') !== null &&
    [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent.trim() === 'Live');
  const check = () => {
    if (seen()) window.__liveRowsAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/**
 * Loads the bare shell and /syncdesk `rounds` times each, alternated, in fresh signed-in pages: the shell's first
 * contentful paint, and the moment the desk shows its first account row with the feed live (both from navigation
 * start, both measured in the page).
 */
export async function liveRowsAgainstShell(
  browser: Browser,
  url: string,
  token: string,
  rounds = 5,
): Promise<{ shellMs: number; liveRowsMs: number }> {
  const shell: number[] = [];
  const desk: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const target of ['shell', 'desk'] as const) {
      const { context, page } = await newSession(browser, url);
      await page.addInitScript((value) => window.localStorage.setItem('access_token', value), token);
      await page.addInitScript(LIVE_ROWS_PROBE);
      await page.goto(target === 'shell' ? '/bench-baseline-not-found' : '/syncdesk');
      // Polled from here: the page's policy forbids evaluating text in it, which waitForFunction needs.
      const moment =
        target === 'shell'
          ? `performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null`
          : 'window.__liveRowsAt ?? null';
      const deadline = Date.now() + 30_000;
      let at: number | null = null;
      while ((at = await page.evaluate<number | null>(moment)) === null && Date.now() < deadline)
        await page.waitForTimeout(20);
      if (at === null) throw new Error(`${target}: not shown within 30 s`);
      (target === 'shell' ? shell : desk).push(at);
      await context.close();
    }
  }
  return { shellMs: median(shell), liveRowsMs: median(desk) };
}
