// The gateway finds each service app of the registry by its <APP>_SERVICE_URL in mepedia-config
// (and reads no other), and nothing else is labelled `component: service`. An in-cluster URL in a
// ConfigMap (USERS_SERVICE_URL: http://users, WORKER_URL: http://worker) names a Service and port
// of the right app, which NetworkPolicies let the other pods reading the ConfigMap reach: in at the
// target, out at the reader.
import { containersOf, inClusterUrl, isService, podLabelsOf, portNumberOn } from '../k8s.mjs';
import { serviceUrlVariable } from '../services.mjs';

const reads = (w, name) =>
  containersOf(w).some(
    (c) =>
      (c.envFrom ?? []).some((f) => f.configMapRef?.name === name) ||
      (c.env ?? []).some((e) => e.valueFrom?.configMapKeyRef?.name === name),
  );
const names = (list) => list.map((w) => w.metadata?.name).join(', ');

export default function serviceUrls(v, report) {
  const { services } = v.context;
  const apps = [
    ['GATEWAY_URL', 'gateway'],
    ['WORKER_URL', 'worker'],
    ...[...services].map((a) => [serviceUrlVariable(a), a]),
  ];
  const appOf = new Map(apps);
  const known = services.size > 0; // unreadable: reported as such
  for (const o of known ? v.objects.filter(isService) : []) {
    const [at, name] = [(message) => report(o, message), o.metadata.name];
    const config = v.find('ConfigMap', 'mepedia-config', v.ns(o));
    if (!services.has(name))
      at(
        `labelled component: service, but the service registry does not list ${name} (the gateway routes nothing to it; the worker is component: worker)`,
      );
    else if (config && !config.data?.[serviceUrlVariable(name)])
      at(
        `ConfigMap mepedia-config has no ${serviceUrlVariable(name)}, so the gateway cannot reach it`,
      );
  }
  for (const config of v.of('ConfigMap'))
    for (const [key, value] of Object.entries(config.data ?? {})) {
      const at = (message) => report(config, `${key}=${value}: ${message}`);
      const registry = known && config.metadata.name === 'mepedia-config';
      if (registry && key.endsWith('_SERVICE_URL') && !appOf.has(key))
        at('the gateway reads no such variable (no such app in the service registry)');
      const url = key.endsWith('_URL') && inClusterUrl(value);
      const service = url && v.find('Service', url.service, v.ns(config));
      const port = (service?.spec?.ports ?? []).find((p) => p.port === url.port);
      if (url && !port)
        at(
          service
            ? `Service ${url.service} has no port ${url.port}`
            : `there is no Service ${url.service}`,
        );
      if (!port) continue;
      const targets = service.spec?.selector ? v.selected(service.spec.selector, v.ns(config)) : [];
      const app = appOf.get(key);
      const isApp = (w) =>
        w.metadata?.name === app || podLabelsOf(w)['app.kubernetes.io/name'] === app;
      if (app && targets.length > 0 && !targets.some(isApp)) {
        at(
          `${key} must lead to the ${app} app, but Service ${url.service} selects ${names(targets)}`,
        );
        continue;
      }
      const readers = v
        .workloads(v.ns(config))
        .filter((w) => !targets.includes(w) && reads(w, config.metadata.name));
      const to = port.targetPort ?? port.port;
      const letIn = readers.filter((r) =>
        targets.every((t) => v.allows('Ingress', t, v.peer(r), to)),
      );
      const sends = (r, t) =>
        portNumberOn(t, to) !== undefined && v.allows('Egress', r, v.peer(t), to);
      const letOut = letIn.filter((r) => targets.every((t) => sends(r, t)));
      const where = `Service ${url.service}'s pods on port ${port.name ?? url.port}`;
      if (targets.length === 0 || readers.length === 0) continue;
      if (letIn.length === 0) at(`no NetworkPolicy lets any of ${names(readers)} reach ${where}`);
      else if (letOut.length === 0)
        at(
          `${names(letIn)} may enter ${where}, but no egress NetworkPolicy lets ${letIn.length > 1 ? 'any of them' : 'it'} send there`,
        );
    }
}
