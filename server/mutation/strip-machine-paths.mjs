#!/usr/bin/env node
// The incremental file is committed: it must not carry where a run happened. Stryker stores the killing test's
// stack trace (absolute paths of its sandbox) and the project's absolute root; both are informational only.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stryker-incremental.json');
const sandboxPath = /\/[^\s"()]*?\/server\/(?:\.stryker-tmp\/sandbox-[^/]+\/)?/g;

function clean(value) {
  if (typeof value === 'string')
    return value
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('at '))
      .join('\n')
      .replace(sandboxPath, 'server/');
  if (Array.isArray(value)) return value.map(clean);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, clean(inner)]));
  return value;
}

const report = clean(JSON.parse(readFileSync(file, 'utf8')));
report.projectRoot = 'server';
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
