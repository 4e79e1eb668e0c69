// A NetworkPolicy that lets pods of this namespace in must be of use: the pods it lets in are
// given (by a ConfigMap they read, or their env) a URL of a Service of the pods it opens. So the
// worker, which production's pods never call, stays closed there.
import {
  containersOf,
  describe,
  inClusterUrl,
  podLabelsOf,
  problem,
  selects,
  view,
} from '../k8s.mjs';

export default {
  name: 'unused-openings',
  check(objects, context) {
    const v = view(objects, context);
    const urlServicesOf = (w) =>
      containersOf(w)
        .flatMap((c) => [
          ...(c.env ?? []).flatMap((e) => [
            e.value,
            e.valueFrom?.configMapKeyRef &&
              v.find('ConfigMap', e.valueFrom.configMapKeyRef.name, v.ns(w))?.data?.[
                e.valueFrom.configMapKeyRef.key
              ],
          ]),
          ...(c.envFrom ?? []).flatMap((f) =>
            f.configMapRef
              ? Object.values(v.find('ConfigMap', f.configMapRef.name, v.ns(w))?.data ?? {})
              : [],
          ),
        ])
        .filter((value) => value !== undefined)
        .map(inClusterUrl)
        .filter(Boolean)
        .map((u) => u.service);
    const out = [];
    for (const policy of v.of('NetworkPolicy')) {
      const namespace = v.ns(policy);
      const opened = policy.spec?.podSelector?.matchLabels ?? {};
      if (Object.keys(opened).length === 0 || policy.spec?.podSelector?.matchExpressions) continue;
      const targets = v.selected(opened, namespace);
      for (const peer of (policy.spec?.ingress ?? []).flatMap((rule) => rule.from ?? [])) {
        const labels = peer.podSelector?.matchLabels ?? {};
        if (
          peer.namespaceSelector ||
          peer.podSelector?.matchExpressions ||
          Object.keys(labels).length === 0
        )
          continue;
        for (const source of v.selected(labels, namespace).filter((w) => !targets.includes(w))) {
          const used = urlServicesOf(source).some((name) => {
            const selector = v.find('Service', name, namespace)?.spec?.selector;
            return !!selector && targets.some((t) => selects(selector, podLabelsOf(t)));
          });
          if (!used)
            out.push(
              problem(
                policy,
                `lets ${describe(source)} in, but no URL it is given names a Service of these pods (an opening nothing uses)`,
              ),
            );
        }
      }
    }
    return out;
  },
};
