// Probes use a port the pod declares and, for Mepedia's apps, a health path the app serves
// (libs/server/http's /health/live and /health/ready; the web server's own two): any other path
// is a page, which says nothing of the pod's health. A literal PORT is a port the container declares.
import { WORKLOADS, containersOf, hasPods, isService, portNamesOf, problem } from '../k8s.mjs';

const HEALTH_PATHS = ['/health/live', '/health/ready'];
const healthPathsOf = (o) =>
  WORKLOADS.has(o.kind) && (['gateway', 'worker', 'web'].includes(o.metadata?.name) || isService(o))
    ? HEALTH_PATHS
    : undefined;

export default {
  name: 'probes',
  check(objects) {
    const out = [];
    for (const o of objects.filter(hasPods)) {
      const ports = portNamesOf(o);
      for (const container of containersOf(o)) {
        const report = (message) => out.push(problem(o, `container ${container.name}: ${message}`));
        for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
          const port = container[probe]?.httpGet?.port ?? container[probe]?.tcpSocket?.port;
          if (typeof port === 'string' && !ports.has(port))
            report(`${probe} uses port "${port}", which no container declares`);
          const path = container[probe]?.httpGet?.path;
          if (healthPathsOf(o) && path !== undefined && !HEALTH_PATHS.includes(path))
            report(
              `${probe} asks ${path}, which ${o.metadata?.name} does not serve (it has ${HEALTH_PATHS.join(', ')})`,
            );
        }
        const variable = (container.env ?? []).findLast((e) => e.name === 'PORT');
        if (
          variable?.value !== undefined &&
          !(container.ports ?? []).some((p) => String(p.containerPort) === variable.value)
        )
          report(
            `listens on PORT=${variable.value}, which is not a containerPort of it (the Service and probes would miss it)`,
          );
      }
    }
    return out;
  },
};
