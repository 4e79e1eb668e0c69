// A NetworkPolicy's selectors pick pods (of workloads or Jobs) that exist, and a named port is
// one the receiving pods declare: the selected pods' for ingress, the peers' for egress (an
// ipBlock peer has no named ports).
import { hasPods, labelSelectorMatches, podLabelsOf, portNamesOf, problem, view } from '../k8s.mjs';

const isEmpty = (s) =>
  !s || (Object.keys(s.matchLabels ?? {}).length === 0 && !s.matchExpressions?.length);

export default {
  name: 'network-policies',
  check(objects, context) {
    const v = view(objects, context);
    const out = [];
    for (const o of v.of('NetworkPolicy')) {
      const report = (message) => out.push(problem(o, message));
      const pods = objects.filter((x) => hasPods(x) && v.ns(x) === v.ns(o));
      const picked = (selector) =>
        pods.filter((w) => labelSelectorMatches(selector, podLabelsOf(w)));
      const targets = picked(o.spec?.podSelector ?? {});
      if (!isEmpty(o.spec?.podSelector) && targets.length === 0)
        report("podSelector matches no workload's pods");
      const rules = [
        ...(o.spec?.ingress ?? []).map((r) => ['ingress', r, r.from]),
        ...(o.spec?.egress ?? []).map((r) => ['egress', r, r.to]),
      ];
      for (const [direction, rule, peers = []] of rules) {
        for (const peer of peers)
          if (
            !isEmpty(peer.podSelector) &&
            !peer.namespaceSelector &&
            picked(peer.podSelector).length === 0
          )
            report("a peer podSelector matches no workload's pods");
        const receivers =
          direction === 'ingress'
            ? targets
            : peers
                .filter((p) => p.podSelector && !p.namespaceSelector && !p.ipBlock)
                .flatMap((p) => picked(p.podSelector));
        for (const port of (rule.ports ?? []).filter((p) => typeof p.port === 'string')) {
          if (direction === 'egress' && peers.some((p) => p.ipBlock))
            report(
              `egress port "${port.port}" is a name, which an ipBlock peer cannot resolve; give the number`,
            );
          else if (receivers.length > 0 && !receivers.some((w) => portNamesOf(w).has(port.port)))
            report(
              `port "${port.port}" is declared by none of the ${direction === 'ingress' ? 'selected' : 'destination'} pods`,
            );
        }
      }
    }
    return out;
  },
};
