import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { createGatewayApp } from './gateway.app';
import { loadGatewayConfig } from './gateway.config';

// The gateway as its own process (services mode, Kubernetes).
runMain(async () => {
  const config = loadGatewayConfig();
  const gateway = await createGatewayApp(config);
  await gateway.app.listen({ port: config.port, host: config.host });
  const url = await gateway.app.getUrl();
  process.stdout.write(`Mepedia gateway listening on ${url}\n`);
  const close = () => void gateway.close().then(() => process.exit(0));
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
});
