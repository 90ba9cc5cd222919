import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { collectsOnMainThread } from '../../src/runtime/background-threads';

const onLinux = (() => {
  try {
    return readdirSync('/proc/self/task').length > 0;
  } catch {
    return false;
  }
})();
const hasChrt = onLinux && spawnSync('chrt', ['--version'], { stdio: 'ignore' }).error === undefined;
const SCHED_IDLE = 5;

interface Scheduling {
  nice: number;
  policy: number;
}

(onLinux ? describe : describe.skip)("the server's helper threads", () => {
  it('when lowered at start-up, then every other thread runs behind the main one, which keeps its priority', () => {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'support', 'lower-threads-child.ts')],
      { cwd: path.resolve(__dirname, '..', '..'), encoding: 'utf8' },
    );
    expect(child.status).toBe(0);
    const seen = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as {
      lowered: number;
      before: Scheduling;
      main: Scheduling;
      others: Scheduling[];
    };
    expect(seen.others.length).toBeGreaterThan(0);
    expect(seen.lowered).toBe(seen.others.length);
    expect(seen.main).toEqual(seen.before);
    for (const thread of seen.others) {
      expect(thread.nice).toBe(Math.min(19, seen.before.nice + 3));
      if (hasChrt) expect(thread.policy).toBe(SCHED_IDLE);
    }
  });
});

describe('when the helper threads may be lowered', () => {
  it('when node collects on its main thread only, then yes; when collections use the helpers, then no', () => {
    expect(collectsOnMainThread(['--enable-source-maps', '--single-threaded-gc'])).toBe(true);
    expect(collectsOnMainThread(['--single-threaded'])).toBe(true);
    expect(collectsOnMainThread(['--import', 'tsx'])).toBe(false);
    expect(collectsOnMainThread([])).toBe(false);
  });
});
