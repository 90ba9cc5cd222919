// Run by background-threads.test.ts in a child process, so the test runner's own threads keep their priority.
import { readdirSync } from 'node:fs';
import { lowerBackgroundThreads } from '../../../src/runtime/background-threads';
import { schedulingOf } from './scheduling';

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
