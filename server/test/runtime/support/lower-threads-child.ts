// Run by background-threads.test.ts in a child process, so the test runner's own threads keep their priority.
import { readdirSync, readFileSync } from 'node:fs';
import { lowerBackgroundThreads } from '../../../src/runtime/background-threads';

/** A thread's nice value and scheduling policy as the kernel reports them (fields 19 and 41 of its stat). */
function schedulingOf(task: string): { nice: number; policy: number } {
  const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { nice: Number(fields[16]), policy: Number(fields[38]) };
}

const main = String(process.pid);
const others = readdirSync('/proc/self/task').filter((task) => task !== main);
const before = schedulingOf(main);
const lowered = lowerBackgroundThreads(3);
console.log(
  JSON.stringify({
    lowered,
    before,
    main: schedulingOf(main),
    others: others.map(schedulingOf),
  }),
);
