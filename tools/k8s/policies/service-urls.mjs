// An in-cluster URL in a ConfigMap (USERS_SERVICE_URL: http://users, WORKER_URL: http://worker)
// names a Service and port of the right app, which NetworkPolicies let the other pods reading
// the ConfigMap reach: in at the target, out at the reader.
import {
  admits,
  egressAdmits,
  inClusterUrl,
  podLabelsOf,
  portNumberOn,
  problem,
  view,
} from '../k8s.mjs';
import { serviceUrlVariable } from '../services.mjs';

const readsConfigMap = (w, name) =>
  (w.spec?.template?.spec?.containers ?? [])
    .concat(w.spec?.template?.spec?.initContainers ?? [])
    .some(
      (c) =>
        (c.envFrom ?? []).some((f) => f.configMapRef?.name === name) ||
        (c.env ?? []).some((e) => e.valueFrom?.configMapKeyRef?.name === name),
    );

export default {
  name: 'service-urls',
  check(objects, context) {
    const v = view(objects, context);
    const targetsOf = new Map([
      ['GATEWAY_URL', 'gateway'],
      ['WORKER_URL', 'worker'],
      ...[...context.services].map((app) => [serviceUrlVariable(app), app]),
    ]);
    const out = [];
    for (const config of v.of('ConfigMap')) {
      for (const [key, value] of Object.entries(config.data ?? {})) {
        const url = inClusterUrl(value);
        if (!key.endsWith('_URL') || !url) continue;
        const report = (message) => out.push(problem(config, `${key}=${value}: ${message}`));
        const namespace = v.ns(config);
        const service = v.find('Service', url.service, namespace);
        const port = (service?.spec?.ports ?? []).find((p) => p.port === url.port);
        if (!service || !port) {
          report(
            service
              ? `Service ${url.service} has no port ${url.port}`
              : `there is no Service ${url.service}`,
          );
          continue;
        }
        const targets = service.spec?.selector ? v.selected(service.spec.selector, namespace) : [];
        const app = targetsOf.get(key);
        if (
          app &&
          targets.length > 0 &&
          !targets.some(
            (w) => w.metadata?.name === app || podLabelsOf(w)['app.kubernetes.io/name'] === app,
          )
        ) {
          report(
            `${key} must lead to the ${app} app, but Service ${url.service} selects ${targets.map((w) => w.metadata?.name).join(', ')}`,
          );
          continue;
        }
        const readers = v
          .workloads(namespace)
          .filter((w) => !targets.includes(w) && readsConfigMap(w, config.metadata?.name));
        if (targets.length === 0 || readers.length === 0) continue;
        const targetPort = port.targetPort ?? port.port;
        const policies = v.policiesIn(namespace);
        const letIn = readers.filter((r) =>
          targets.every((t) => admits(policies, t, r, targetPort, v.namespaceLabelsOf(r))),
        );
        const letOut = letIn.filter((r) =>
          targets.every(
            (t) =>
              portNumberOn(t, targetPort) !== undefined &&
              egressAdmits(
                policies,
                r,
                { pod: t, namespaceLabels: v.namespaceLabelsOf(t) },
                portNumberOn(t, targetPort),
              ),
          ),
        );
        const names = (list) => list.map((r) => r.metadata?.name).join(', ');
        if (letIn.length === 0)
          report(
            `no NetworkPolicy lets any of ${names(readers)} reach Service ${url.service}'s pods on port ${port.name ?? url.port}`,
          );
        else if (letOut.length === 0)
          report(
            `${names(letIn)} may enter Service ${url.service}'s pods on port ${port.name ?? url.port}, but no egress NetworkPolicy lets ${letIn.length > 1 ? 'any of them' : 'it'} send there`,
          );
      }
    }
    return out;
  },
};
