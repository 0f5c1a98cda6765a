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
  const stop = async (signal: string) => {
    server.app.log.info(`${signal} received, shutting down`);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Quire failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
