// The gateway finds each service app of the registry by its <APP>_SERVICE_URL in mepedia-config,
// and nothing else is labelled `component: service`.
import { isService, problem, view } from '../k8s.mjs';
import { serviceUrlVariable } from '../services.mjs';

export default {
  name: 'service-registry',
  check(objects, { services }) {
    if (services.size === 0) return []; // unreadable: reported as such
    const v = view(objects);
    const out = [];
    for (const o of objects) {
      const name = o.metadata?.name;
      if (isService(o) && !services.has(name))
        out.push(
          problem(
            o,
            `labelled component: service, but the service registry does not list ${name} (the gateway routes nothing to it; the worker is component: worker)`,
          ),
        );
      else if (
        isService(o) &&
        v.find('ConfigMap', 'mepedia-config', v.ns(o)) &&
        !v.find('ConfigMap', 'mepedia-config', v.ns(o)).data?.[serviceUrlVariable(name)]
      )
        out.push(
          problem(
            o,
            `ConfigMap mepedia-config has no ${serviceUrlVariable(name)}, so the gateway cannot reach it`,
          ),
        );
      if (o.kind === 'ConfigMap' && name === 'mepedia-config') {
        const known = new Set([...services].map(serviceUrlVariable));
        for (const key of Object.keys(o.data ?? {}).filter(
          (k) => k.endsWith('_SERVICE_URL') && !known.has(k),
        ))
          out.push(
            problem(
              o,
              `${key}: the gateway reads no such variable (no such app in the service registry)`,
            ),
          );
      }
    }
    return out;
  },
};
