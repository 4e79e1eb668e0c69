// Imported first by main.ts: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must patch
// http, pg and ioredis before anything loads them.
import { startTracing } from '@mepedia/server-config';

startTracing('search');
