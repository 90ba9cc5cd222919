// Run by background-threads.test.ts in a child process, so the test runner's own threads keep their priority.
import { readdirSync } from 'node:fs';
import { createPgliteWorkerDb } from '../../../src/db/pglite-worker-db';
import { schedulingOf } from './scheduling';

async function main(): Promise<void> {
  const before = new Set(readdirSync('/proc/self/task'));
  const db = await createPgliteWorkerDb();
  await db.query('SELECT 1');
  const started = readdirSync('/proc/self/task').filter((task) => !before.has(task));
  console.log(
    JSON.stringify({
      main: schedulingOf(String(process.pid)),
      existing: [...before].filter((task) => task !== String(process.pid)).map(schedulingOf),
      started: started.map(schedulingOf),
    }),
  );
  await db.close();
}

void main();
