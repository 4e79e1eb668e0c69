// Imported first by main.ts: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must patch http
// and undici's channel before anything loads them.
import { startTracing } from '@mepedia/server-config';

startTracing('web');
