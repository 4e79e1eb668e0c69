// A workload and what it points at: its selector matches its pod template; each container has an
// image, sets no variable twice, mounts only volumes of its pod and reads ConfigMaps and Secrets
// (a key, or all of it) that are here with the key, a Secret's in a *.template.yaml too (`optional`
// ones may be missing); probes use a port the pod declares and, for Mepedia's apps, a health path
// the app serves (any other path is a page, which says nothing of the pod's health); a literal
// PORT is a containerPort. Services and PodDisruptionBudgets select some workload's pods, and a
// Service's ports target ports those pods declare.
import {
  containersOf,
  declares,
  hasPods,
  isService,
  isWorkload,
  podLabelsOf,
  podSpecOf,
  selects,
} from '../k8s.mjs';

const HEALTH_PATHS = ['/health/live', '/health/ready']; // libs/server/http's, and the web server's
const servesHealth = (o) =>
  isWorkload(o) && (['gateway', 'worker', 'web'].includes(o.metadata?.name) || isService(o));

export default function workloads(v, report) {
  for (const o of v.objects.filter(hasPods)) {
    if (isWorkload(o) && !selects(o.spec?.selector?.matchLabels, podLabelsOf(o)))
      report(o, "spec.selector.matchLabels does not match the pod template's labels");
    const volumes = new Set((podSpecOf(o).volumes ?? []).map((volume) => volume.name));
    for (const c of containersOf(o)) {
      const at = (message) => report(o, `container ${c.name}: ${message}`);
      if (!c.image) at('no image');
      const names = (c.env ?? []).map((e) => e.name);
      for (const name of new Set(names.filter((n, i) => names.indexOf(n) !== i)))
        at(`env ${name} is set twice`);
      for (const mount of (c.volumeMounts ?? []).filter((m) => !volumes.has(m.name)))
        at(`volumeMount ${mount.name} has no volume`);
      for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'].filter((p) => c[p])) {
        const { httpGet, tcpSocket } = c[probe];
        const port = httpGet?.port ?? tcpSocket?.port;
        if (typeof port === 'string' && !declares(o, port))
          at(`${probe} uses port "${port}", which no container declares`);
        if (servesHealth(o) && httpGet?.path !== undefined && !HEALTH_PATHS.includes(httpGet.path))
          at(
            `${probe} asks ${httpGet.path}, which ${o.metadata.name} does not serve (it has ${HEALTH_PATHS.join(', ')})`,
          );
      }
      const port = (c.env ?? []).findLast((e) => e.name === 'PORT')?.value;
      if (port !== undefined && !(c.ports ?? []).some((p) => String(p.containerPort) === port))
        at(
          `listens on PORT=${port}, which is not a containerPort of it (the Service and probes would miss it)`,
        );
      const refs = [
        ...(c.env ?? []).map((e) => [
          e.valueFrom?.configMapKeyRef,
          e.valueFrom?.secretKeyRef,
          `env ${e.name}`,
        ]),
        ...(c.envFrom ?? []).map((f) => [f.configMapRef, f.secretRef, 'envFrom']),
      ];
      for (const [map, secret, what] of refs) {
        const [kind, ref] = map ? ['ConfigMap', map] : ['Secret', secret];
        if (!ref || ref.optional) continue;
        const problem = v.unreadable(kind, ref.name, ref.key, v.ns(o));
        if (problem) at(`${what} ${problem}`);
      }
    }
  }
  for (const service of v.of('Service').filter((s) => s.spec?.selector)) {
    const pods = v.selected(service.spec.selector, v.ns(service));
    if (pods.length === 0) report(service, "its selector matches no workload's pods");
    for (const port of pods.length > 0 ? (service.spec.ports ?? []) : []) {
      const target = port.targetPort ?? port.port;
      if (!pods.some((w) => declares(w, target)))
        report(
          service,
          `port ${port.name ?? port.port} targets ${target}, which the selected pods do not declare`,
        );
    }
  }
  for (const pdb of v.of('PodDisruptionBudget'))
    if (v.selected(pdb.spec?.selector?.matchLabels, v.ns(pdb)).length === 0)
      report(pdb, "its selector matches no workload's pods");
}
