// What Prometheus scrapes (the pods' prometheus.io/* annotations) is the port the app serves
// /metrics on (METRICS_PORT), a port of its own that no Service exposes, open to another
// namespace (Prometheus'); and an app given METRICS_PORT is scraped.
import {
  WORKLOADS,
  admitsFromOutside,
  mainContainersOf,
  podLabelsOf,
  portNumberOn,
  portNumbersOf,
  problem,
  selects,
  view,
} from '../k8s.mjs';

export default {
  name: 'metrics',
  check(objects, context) {
    const v = view(objects, context);
    const out = [];
    for (const o of objects.filter((x) => WORKLOADS.has(x.kind))) {
      const report = (message) => out.push(problem(o, message));
      const annotations = o.spec?.template?.metadata?.annotations ?? {};
      const served = mainContainersOf(o)
        .map((c) => ({ c, value: v.envValue(c, 'METRICS_PORT', v.ns(o)) }))
        .filter(({ value }) => value !== undefined && value !== '');
      if (annotations['prometheus.io/scrape'] !== 'true') {
        for (const { c, value } of served)
          report(
            `container ${c.name} serves metrics (METRICS_PORT=${value}), but the pod template has no prometheus.io/scrape: 'true' annotation`,
          );
        continue;
      }
      const port = Number(annotations['prometheus.io/port']);
      if (!Number.isInteger(port)) {
        report('prometheus.io/port must name the metrics port (a number)');
        continue;
      }
      if ((annotations['prometheus.io/path'] ?? '/metrics') !== '/metrics')
        report(
          `prometheus.io/path is ${annotations['prometheus.io/path']}, but the apps serve /metrics`,
        );
      if (!portNumbersOf(o).has(port))
        report(`prometheus.io/port ${port} is not a containerPort of its containers`);
      if (!served.some(({ value }) => Number(value) === port))
        report(
          `prometheus.io/port is ${port}, but ${served.length > 0 ? `METRICS_PORT is ${served.map(({ value }) => value).join(', ')}` : 'no container gets METRICS_PORT'}`,
        );
      for (const service of v
        .of('Service')
        .filter((s) => v.ns(s) === v.ns(o) && selects(s.spec?.selector, podLabelsOf(o))))
        for (const servicePort of service.spec.ports ?? [])
          if (portNumberOn(o, servicePort.targetPort ?? servicePort.port) === port)
            report(
              `Service ${service.metadata?.name} exposes the metrics port ${port}; keep /metrics off the Services (and the Ingress)`,
            );
      if (!admitsFromOutside(v.policiesIn(v.ns(o)), o, port, v.ns(o)))
        report(
          `no NetworkPolicy lets Prometheus (another namespace) reach its metrics port ${port}`,
        );
    }
    return out;
  },
};
