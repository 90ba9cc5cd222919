import { PGlite } from '@electric-sql/pglite';
(async () => {
  const pg = new PGlite();
  await pg.waitReady;
  await pg.exec('create table t (id text primary key, user_id int)');
  const N = 2000;
  for (const [label, fn] of [
    ['query param', () => pg.query('SELECT id FROM t WHERE id = $1 AND user_id = $2', ['x', 1])],
    ['query noparam', () => pg.query('SELECT 1')],
    ['exec', () => pg.exec('SELECT 1')],
  ] as const) {
    for (let i = 0; i < 200; i++) await fn();
    const t = performance.now();
    for (let i = 0; i < N; i++) await fn();
    console.log(label, ((performance.now() - t) / N).toFixed(3));
  }
})();
