import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config/config.ts';
import { buildProductionApp } from './production-app.ts';

/** Reads the configuration, opens the database, and serves the API and the built web app. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const { app, database } = await buildProductionApp(
    config,
    fileURLToPath(new URL('../dist/web', import.meta.url)),
  );

  // SIGTERM (and Ctrl-C) drain in-flight requests, then close the database cleanly.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Tightlines is up on http://localhost:${config.port} (${config.database.engine}, data in ${config.dataDir})`,
  );
}

main().catch((error: unknown) => {
  console.error('Tightlines failed to start:', error);
  process.exit(1);
});
