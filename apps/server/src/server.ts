import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { loadEnvFile } from './env-file';
import { assertPortFree, openListeningSockets, sharesPorts } from './http/listening-sockets';

/** Starts the server from the configuration (the environment and `.env`); resolves once it listens. */
export async function runServer(): Promise<void> {
  let config;
  try {
    loadEnvFile();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, services } = await buildApp({ config, startJobs: true });
  const sharesPort = sharesPorts && config.listeningSockets > 1;
  if (sharesPort) await assertPortFree(config.port, config.host);
  const address = await app.listen({ port: config.port, host: config.host, ...(sharesPort ? { reusePort: true } : {}) });
  const listeningSockets = await openListeningSockets(app.server, config.host, sharesPort ? config.listeningSockets : 1);
  services.logger.info(
    { address, baseUrl: config.baseUrl, database: services.database.dialect, storage: services.storage.kind },
    `Cards is running at ${config.baseUrl}`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      listeningSockets
        .close()
        .then(() => app.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
}
