import './instrument';
import 'reflect-metadata';
import { processLifecycle, runMain, serveMetrics, stopTracing } from '@mepedia/server-config';
import { createGatewayApp } from './gateway.app';
import { loadGatewayConfig } from './gateway.config';

// The gateway as its own process (services mode, Kubernetes).
runMain(async () => {
  const config = loadGatewayConfig();
  const gateway = await createGatewayApp(config);
  await gateway.app.listen({ port: config.port, host: config.host });
  const url = await gateway.app.getUrl();
  process.stdout.write(`Mepedia gateway listening on ${url}\n`);
  const closeMetrics = await serveMetrics('gateway', {
    METRICS_PORT: config.metricsPort,
    HOST: config.host,
  });
  // SIGTERM: /health/ready says 503, then the server stops taking requests and waits for the
  // ones in flight (each bounded by UPSTREAM_TIMEOUT_MS), then the pools and Redis close.
  processLifecycle.exitOnSignals(
    async () => {
      await gateway.close();
      await closeMetrics();
      await stopTracing();
    },
    config.shutdown,
    gateway.logger,
  );
});
