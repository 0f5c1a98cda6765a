/**
 * Process entry: config → storage → HTTP. A bad configuration value stops start-up with one
 * line naming the variable.
 */
import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer(config);
  if (config.role === 'worker') server.app.log.info(`Quire worker running background jobs (database: ${server.store.dialect})`);
  else server.app.log.info(`Quire listening on ${server.url} (docs: ${server.url}/docs, database: ${server.store.dialect}, role: ${config.role})`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal} received, shutting down (grace ${config.shutdownGraceMs / 1000} s)`);
    // The bound, whatever hangs: the grace plus a little for the handing back and the database.
    setTimeout(() => {
      server.app.log.warn('shutdown did not complete within its grace; exiting');
      process.exit(0);
    }, config.shutdownGraceMs + 5000).unref();
    try {
      await server.close();
    } catch (error) {
      server.app.log.error({ err: error }, 'shutdown failed');
    }
    server.app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Quire failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
