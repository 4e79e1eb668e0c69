// An HPA scales a workload that exists and sets no replicas, within a sane range, and a
// utilization target needs every container to request that resource.
import { describe, mainContainersOf, problem, view } from '../k8s.mjs';

export default {
  name: 'autoscaling',
  check(objects, context) {
    const v = view(objects, context);
    const out = [];
    for (const o of v.of('HorizontalPodAutoscaler')) {
      const report = (message) => out.push(problem(o, message));
      const ref = o.spec?.scaleTargetRef ?? {};
      const target = v.find(ref.kind, ref.name, v.ns(o));
      if (!target) report(`scaleTargetRef ${ref.kind} ${ref.name} does not exist`);
      if ((o.spec?.minReplicas ?? 1) > o.spec?.maxReplicas)
        report('minReplicas is above maxReplicas');
      if (target?.spec?.replicas !== undefined)
        report(
          `${describe(target)} sets spec.replicas, which fights the autoscaler on every apply`,
        );
      for (const metric of o.spec?.metrics ?? []) {
        const resource = metric.resource?.name;
        if (
          !target ||
          metric.type !== 'Resource' ||
          metric.resource?.target?.type !== 'Utilization'
        )
          continue;
        for (const container of mainContainersOf(target).filter(
          (c) => !c.resources?.requests?.[resource],
        ))
          report(
            `scales on ${resource} utilization, but container ${container.name} requests no ${resource}`,
          );
      }
    }
    return out;
  },
};
