#!/usr/bin/env node
// The engine's mutation score from Stryker's incremental file (local, not in git; `pnpm mutate` writes
// it): every result it holds, whichever run measured it. Score = (killed + timed out) / (all but ignored);
// "kills only" leaves timeouts out.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stryker-incremental.json');
if (!existsSync(file)) {
  console.error(
    'No mutation results yet: server/mutation/stryker-incremental.json is missing ' +
      '(it is local, not in git).\nRun the mutation check first: `pnpm mutate` at the repository root ' +
      '(or `pnpm --filter server mutate`), then run this script again.',
  );
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const statuses = ['Killed', 'Timeout', 'Survived', 'NoCoverage'];
const percent = (part, whole) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`);

const rows = [];
const total = { mutants: 0, ignored: 0, Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0 };
for (const [name, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const row = {
    file: path.basename(name),
    mutants: 0,
    ignored: 0,
    Killed: 0,
    Timeout: 0,
    Survived: 0,
    NoCoverage: 0,
  };
  for (const mutant of mutants) {
    if (mutant.status === 'Ignored') row.ignored += 1;
    else {
      row.mutants += 1;
      if (statuses.includes(mutant.status)) row[mutant.status] += 1;
    }
  }
  for (const key of Object.keys(total)) total[key] += row[key];
  rows.push(row);
}

console.log('| File | Mutants | Killed | Timed out | Survived | No coverage | Score | Kills only |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of [...rows, { ...total, file: 'whole engine' }]) {
  const mutants = row.ignored > 0 ? `${row.mutants} (+${row.ignored} ignored)` : `${row.mutants}`;
  console.log(
    `| \`${row.file}\` | ${mutants} | ${row.Killed} | ${row.Timeout} | ${row.Survived} | ${row.NoCoverage} | ` +
      `${percent(row.Killed + row.Timeout, row.mutants)} | ${percent(row.Killed, row.mutants)} |`,
  );
}
