/**
 * `pnpm --filter server lint:openapi [document.json]`: writes the served OpenAPI document (built from the app,
 * no server started) to `dist/openapi/openapi.json` and lints it with Redocly CLI's recommended rules
 * (`redocly.yaml`, known exceptions in `.redocly.lint-ignore.yaml`); with a file argument, lints that file
 * instead. Any problem, a warning included, is printed and exits 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { servedOpenApiDocument } from './served-document';

const serverRoot = path.resolve(__dirname, '..', '..');
const SERVED_DOCUMENT = path.join(serverRoot, 'dist', 'openapi', 'openapi.json');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{
    ruleId: string;
    severity: string;
    message: string;
    location: Array<{ pointer?: string }>;
  }>;
}

function redoclyBin(): string {
  const require = createRequire(path.join(serverRoot, 'package.json'));
  const manifest = require.resolve('@redocly/cli/package.json');
  const { bin } = require(manifest) as { bin: Record<string, string> };
  return path.join(path.dirname(manifest), bin.redocly ?? 'bin/cli.js');
}

async function main(): Promise<number> {
  let file = process.argv[2];
  if (file === undefined) {
    file = SERVED_DOCUMENT;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(await servedOpenApiDocument(), null, 2)}\n`);
  }
  const lint = spawnSync(
    process.execPath,
    [
      redoclyBin(),
      'lint',
      path.relative(serverRoot, path.resolve(file)),
      '--config',
      'redocly.yaml',
      '--format',
      'json',
      '--max-problems',
      '1000',
    ],
    {
      cwd: serverRoot,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
    },
  );
  let report: LintReport;
  try {
    report = JSON.parse(lint.stdout) as LintReport;
  } catch {
    process.stderr.write(`redocly lint gave no report (exit ${String(lint.status)}):\n${lint.stderr}\n`);
    return 1;
  }
  for (const problem of report.problems)
    process.stdout.write(
      `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}\n`,
    );
  const { errors, warnings } = report.totals;
  process.stdout.write(
    `${path.relative(serverRoot, path.resolve(file))}: ${errors} errors, ${warnings} warnings under Redocly's recommended rules\n`,
  );
  return errors + warnings === 0 && lint.status === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
