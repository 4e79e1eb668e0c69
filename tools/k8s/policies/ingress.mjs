// An Ingress routes to a Service and port that exist, and the pods behind it let the ingress
// controller (in another namespace) in.
import { admitsFromOutside, describe, problem, view } from '../k8s.mjs';

export default {
  name: 'ingress',
  check(objects, context) {
    const v = view(objects, context);
    const out = [];
    for (const o of v.of('Ingress')) {
      const backends = [
        o.spec?.defaultBackend,
        ...(o.spec?.rules ?? []).flatMap((r) => (r.http?.paths ?? []).map((p) => p.backend)),
      ];
      for (const backend of backends.filter((b) => b?.service)) {
        const service = v.find('Service', backend.service.name, v.ns(o));
        const { name, number } = backend.service.port ?? {};
        const servicePort = (service?.spec?.ports ?? []).find((p) =>
          name ? p.name === name : p.port === number,
        );
        if (!service || !servicePort) {
          out.push(
            problem(
              o,
              service
                ? `backend port ${name ?? number} is not a port of Service ${service.metadata.name}`
                : `backend Service ${backend.service.name} does not exist`,
            ),
          );
          continue;
        }
        const port = servicePort.targetPort ?? servicePort.port;
        for (const pod of service.spec?.selector ? v.selected(service.spec.selector, v.ns(o)) : [])
          if (!admitsFromOutside(v.policiesIn(v.ns(o)), pod, port, v.ns(o)))
            out.push(
              problem(
                o,
                `routes to ${describe(pod)}, but no NetworkPolicy lets the ingress controller (another namespace) reach its port ${port}`,
              ),
            );
      }
    }
    return out;
  },
};
