// What Prometheus scrapes (the pods' prometheus.io/* annotations) is the port the app serves
// /metrics on (METRICS_PORT), a port of its own that no Service exposes, open to another
// namespace (Prometheus'); and an app given METRICS_PORT is scraped.
import {
  declares,
  isWorkload,
  mainContainersOf,
  podLabelsOf,
  portNumberOn,
  selects,
} from '../k8s.mjs';

export default function metrics(v, report) {
  for (const o of v.objects.filter(isWorkload)) {
    const at = (message) => report(o, message);
    const annotations = o.spec?.template?.metadata?.annotations ?? {};
    const served = mainContainersOf(o)
      .map((c) => ({ c, value: v.env(o, c, 'METRICS_PORT')?.value }))
      .filter(({ value }) => value !== undefined && value !== '');
    const port = Number(annotations['prometheus.io/port']);
    const path = annotations['prometheus.io/path'] ?? '/metrics';
    const exposing = v
      .of('Service', v.ns(o))
      .filter(
        (s) =>
          selects(s.spec?.selector, podLabelsOf(o)) &&
          s.spec.ports?.some((p) => portNumberOn(o, p.targetPort ?? p.port) === port),
      );
    if (annotations['prometheus.io/scrape'] !== 'true') {
      for (const { c, value } of served)
        at(
          `container ${c.name} serves metrics (METRICS_PORT=${value}), but the pod template has no prometheus.io/scrape: 'true' annotation`,
        );
      continue;
    }
    if (!Number.isInteger(port)) {
      at('prometheus.io/port must name the metrics port (a number)');
      continue;
    }
    if (path !== '/metrics') at(`prometheus.io/path is ${path}, but the apps serve /metrics`);
    if (!declares(o, port))
      at(`prometheus.io/port ${port} is not a containerPort of its containers`);
    if (!served.some(({ value }) => Number(value) === port))
      at(
        `prometheus.io/port is ${port}, but ${served.length > 0 ? `METRICS_PORT is ${served.map(({ value }) => value).join(', ')}` : 'no container gets METRICS_PORT'}`,
      );
    for (const service of exposing)
      at(
        `Service ${service.metadata.name} exposes the metrics port ${port}; keep /metrics off the Services (and the Ingress)`,
      );
    if (!v.allows('Ingress', o, v.outside(o), port))
      at(`no NetworkPolicy lets Prometheus (another namespace) reach its metrics port ${port}`);
  }
}
