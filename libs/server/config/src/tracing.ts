import type * as HttpModule from '@opentelemetry/instrumentation-http';
import type * as IORedisModule from '@opentelemetry/instrumentation-ioredis';
import type * as PgModule from '@opentelemetry/instrumentation-pg';
import type * as UndiciModule from '@opentelemetry/instrumentation-undici';
import type * as SdkModule from '@opentelemetry/sdk-node';
import type { NodeSDK } from '@opentelemetry/sdk-node';

type Env = Record<string, string | undefined>;

let sdk: NodeSDK | undefined;

/** Whether the environment asks for traces: an OTLP endpoint for them. */
export function tracingWanted(env: Env = process.env): boolean {
  return Boolean(env['OTEL_EXPORTER_OTLP_ENDPOINT'] || env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']);
}

/**
 * OpenTelemetry tracing for one app, when `OTEL_EXPORTER_OTLP_ENDPOINT` (or the traces-only
 * endpoint) is set; otherwise nothing is loaded at all. Call it from a module every entry
 * imports first (`src/instrument.ts`): the instrumentations patch `http`, `pg` and `ioredis` as
 * they are required, so those must not be loaded before.
 *
 * Spans: incoming and outgoing HTTP (the gateway's calls to services go through undici, whose
 * diagnostics channel carries the `traceparent` header on), PostgreSQL queries, Redis commands,
 * and each queue job (libs/server/platform, which carries the trace into the job's data). The
 * SDK reads the standard OTEL_* variables (protocol, headers, sampler, batch delay);
 * `OTEL_SERVICE_NAME` defaults to `mepedia-<app>`. Metrics and logs are not exported this way:
 * Prometheus scrapes /metrics, and logs go to stdout.
 */
export function startTracing(app: string, env: Env = process.env): void {
  if (sdk || !tracingWanted(env)) return;
  env['OTEL_METRICS_EXPORTER'] ??= 'none';
  env['OTEL_LOGS_EXPORTER'] ??= 'none';
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on,
     and synchronously: the entry's next imports must already be patched. */
  const { NodeSDK: Sdk } = require('@opentelemetry/sdk-node') as typeof SdkModule;
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof HttpModule;
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof UndiciModule;
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof PgModule;
  const { IORedisInstrumentation } =
    require('@opentelemetry/instrumentation-ioredis') as typeof IORedisModule;
  /* eslint-enable @typescript-eslint/no-require-imports */
  sdk = new Sdk({
    serviceName: env['OTEL_SERVICE_NAME'] ?? `mepedia-${app}`,
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes every few seconds would drown the traces that matter.
        ignoreIncomingRequestHook: (request) =>
          request.url?.startsWith('/health/') === true || request.url === '/metrics',
      }),
      new UndiciInstrumentation(),
      new PgInstrumentation(),
      // BullMQ polls Redis all the time: only commands inside a traced request or job.
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
}

/** Send the spans still buffered and stop (the last step of a graceful stop). */
export async function stopTracing(): Promise<void> {
  const running = sdk;
  sdk = undefined;
  await running?.shutdown().catch(() => undefined);
}
