// Services and PodDisruptionBudgets select some workload's pods, and a Service's ports target
// ports those pods declare.
import { portNamesOf, portNumbersOf, problem, view } from '../k8s.mjs';

export default {
  name: 'selectors',
  check(objects, context) {
    const v = view(objects, context);
    const out = [];
    for (const o of v.of('Service').filter((s) => s.spec?.selector)) {
      const targets = v.selected(o.spec.selector, v.ns(o));
      if (targets.length === 0) out.push(problem(o, "its selector matches no workload's pods"));
      for (const port of o.spec.ports ?? []) {
        const target = port.targetPort ?? port.port;
        const known = targets.some((w) =>
          (typeof target === 'string' ? portNamesOf(w) : portNumbersOf(w)).has(target),
        );
        if (targets.length > 0 && !known)
          out.push(
            problem(
              o,
              `port ${port.name ?? port.port} targets ${target}, which the selected pods do not declare`,
            ),
          );
      }
    }
    for (const o of v.of('PodDisruptionBudget'))
      if (v.selected(o.spec?.selector?.matchLabels, v.ns(o)).length === 0)
        out.push(problem(o, "its selector matches no workload's pods"));
    return out;
  },
};
