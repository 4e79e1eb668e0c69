// Every ConfigMap or Secret a container reads (a key, or all of it) is here, or for a Secret in a
// *.template.yaml, and has the key; `optional` ones may be missing.
import { containersOf, hasPods, problem, view } from '../k8s.mjs';

export default {
  name: 'env-references',
  check(objects, context) {
    const v = view(objects, context);
    const out = [];
    for (const o of objects.filter(hasPods)) {
      for (const container of containersOf(o)) {
        const report = (message) => out.push(problem(o, `container ${container.name}: ${message}`));
        for (const variable of container.env ?? []) {
          const ref = variable.valueFrom?.configMapKeyRef ?? variable.valueFrom?.secretKeyRef;
          if (!ref || ref.optional) continue;
          const kind = variable.valueFrom.configMapKeyRef ? 'ConfigMap' : 'Secret';
          const keys = v.sourceKeys(kind, ref.name, v.ns(o));
          if (!keys)
            report(
              `env ${variable.name} reads ${kind} ${ref.name}, which is neither here nor in a *.template.yaml`,
            );
          else if (!keys.has(ref.key))
            report(
              `env ${variable.name} reads key ${ref.key}, which ${kind} ${ref.name} does not have`,
            );
        }
        for (const from of container.envFrom ?? []) {
          const ref = from.configMapRef ?? from.secretRef;
          const kind = from.configMapRef ? 'ConfigMap' : 'Secret';
          if (ref && !ref.optional && !v.sourceKeys(kind, ref.name, v.ns(o)))
            report(
              `envFrom reads ${kind} ${ref.name}, which is neither here nor in a *.template.yaml`,
            );
        }
      }
    }
    return out;
  },
};
