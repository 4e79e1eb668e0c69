// An Ingress routes to a Service and port that exist, and the pods behind it let the ingress
// controller (in another namespace) in.
import { describe } from '../k8s.mjs';

export default function ingress(v, report) {
  for (const o of v.of('Ingress')) {
    const paths = (o.spec?.rules ?? []).flatMap((r) => r.http?.paths ?? []);
    for (const { service: to } of [o.spec?.defaultBackend, ...paths.map((p) => p.backend)].filter(
      (b) => b?.service,
    )) {
      const service = v.find('Service', to.name, v.ns(o));
      const { name, number } = to.port ?? {};
      const port = (service?.spec?.ports ?? []).find((p) =>
        name ? p.name === name : p.port === number,
      );
      if (!port) {
        report(
          o,
          service
            ? `backend port ${name ?? number} is not a port of Service ${to.name}`
            : `backend Service ${to.name} does not exist`,
        );
        continue;
      }
      const target = port.targetPort ?? port.port;
      for (const pod of service.spec?.selector ? v.selected(service.spec.selector, v.ns(o)) : [])
        if (!v.allows('Ingress', pod, v.outside(pod), target))
          report(
            o,
            `routes to ${describe(pod)}, but no NetworkPolicy lets the ingress controller (another namespace) reach its port ${target}`,
          );
    }
  }
}
