// A NetworkPolicy's selectors pick pods (of workloads or Jobs) that exist; a named port is one the
// receiving pods declare (the selected pods' for ingress, the peers' for egress; an ipBlock peer
// has no named ports); and letting pods of this namespace in is of use: the pods it lets in are
// given (in a ConfigMap they read, or their env) a URL of a Service of the pods it opens. So the
// worker, which production's pods never call, stays closed there.
import {
  containersOf,
  declares,
  describe,
  hasPods,
  inClusterUrl,
  matches,
  podLabelsOf,
  selects,
} from '../k8s.mjs';

const isEmpty = (s) =>
  !s || (Object.keys(s.matchLabels ?? {}).length === 0 && !s.matchExpressions?.length);

export default function networkPolicies(v, report) {
  for (const policy of v.of('NetworkPolicy')) {
    const at = (message) => report(policy, message);
    const { podSelector, ingress = [], egress = [] } = policy.spec ?? {};
    const picked = (selector) =>
      v.objects.filter(
        (w) => hasPods(w) && v.ns(w) === v.ns(policy) && matches(selector, podLabelsOf(w)),
      );
    const targets = picked(podSelector ?? {});
    if (!isEmpty(podSelector) && targets.length === 0) at("podSelector matches no workload's pods");
    const opened = podSelector?.matchExpressions
      ? []
      : v.selected(podSelector?.matchLabels, v.ns(policy));
    const uses = (w) =>
      urlServicesOf(v, w).some((name) => {
        const selector = v.find('Service', name, v.ns(policy))?.spec?.selector;
        return opened.some((t) => selects(selector, podLabelsOf(t)));
      });
    for (const [direction, rule, peers = []] of [
      ...ingress.map((r) => ['ingress', r, r.from]),
      ...egress.map((r) => ['egress', r, r.to]),
    ]) {
      const ofPods = peers.filter((p) => !isEmpty(p.podSelector) && !p.namespaceSelector);
      for (const peer of ofPods) {
        if (picked(peer.podSelector).length === 0)
          at("a peer podSelector matches no workload's pods");
        const sources =
          direction === 'ingress' && !peer.podSelector.matchExpressions
            ? v.selected(peer.podSelector.matchLabels, v.ns(policy))
            : [];
        for (const source of sources.filter(
          (w) => opened.length > 0 && !opened.includes(w) && !uses(w),
        ))
          at(
            `lets ${describe(source)} in, but no URL it is given names a Service of these pods (an opening nothing uses)`,
          );
      }
      const receivers =
        direction === 'ingress' ? targets : ofPods.flatMap((p) => picked(p.podSelector));
      for (const { port } of (rule.ports ?? []).filter((p) => typeof p.port === 'string'))
        if (direction === 'egress' && peers.some((p) => p.ipBlock))
          at(
            `egress port "${port}" is a name, which an ipBlock peer cannot resolve; give the number`,
          );
        else if (receivers.length > 0 && !receivers.some((w) => declares(w, port)))
          at(
            `port "${port}" is declared by none of the ${direction === 'ingress' ? 'selected' : 'destination'} pods`,
          );
    }
  }
}

/** The Services named by the in-cluster URLs a workload is given (its env, the ConfigMaps it reads). */
const urlServicesOf = (v, w) =>
  containersOf(w)
    .flatMap((c) => [
      ...(c.env ?? []).map((e) => v.env(w, c, e.name)?.value),
      ...(c.envFrom ?? []).flatMap((f) =>
        Object.values(v.find('ConfigMap', f.configMapRef?.name, v.ns(w))?.data ?? {}),
      ),
    ])
    .map((value) => value !== undefined && inClusterUrl(value))
    .filter(Boolean)
    .map((url) => url.service);
