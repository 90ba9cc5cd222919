import { buildApp } from './app';
import { loadConfig } from './config/config';
import { DataFolderInUse, lockDataFolder } from './files/data-folder-lock';
import { collectsOnMainThread, lowerBackgroundThreads } from './runtime/background-threads';
import { openAddressText } from './web/open-address';

/** Starts the server: migrations run inside buildApp; SIGINT/SIGTERM close sockets and the database. */
async function main(): Promise<void> {
  // V8's helpers exist from the start; libuv's pool threads, started later from this thread, are not lowered.
  // Under tsx (dev, tests) collections still use the helpers, which then keep their priority.
  if (collectsOnMainThread()) lowerBackgroundThreads();
  const config = loadConfig();
  // The embedded database and the journals live in the data folder: one server at a time (released at exit).
  if (config.databaseUrl === undefined)
    await lockDataFolder(config.dataDir, {
      onLost: (error) =>
        console.error(
          `The data folder's lock was lost (${error.message}): a second server could start on it`,
        ),
    });
  const app = await buildApp({ config, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), app.placement.shutdownGraceMs);
    force.unref();
    // A node of several hands its copy groups over one at a time first (a drain), so copying goes on elsewhere.
    const drained = app.placement
      .drain()
      .catch((error: unknown) => app.log.error({ err: error }, 'drain failed'));
    drained
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // Fastify's own line would print the bound address as a link too: print only the one to open.
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) =>
      openAddressText(config.publicUrl, address, config.databaseUrl ? 'PostgreSQL' : 'PGlite'),
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof DataFolderInUse ? error.message : error);
  process.exit(1);
});
