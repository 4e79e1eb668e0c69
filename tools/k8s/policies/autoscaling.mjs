// An HPA or a KEDA ScaledObject scales a workload that exists, sets no replicas (they would fight
// on every apply) and is its only autoscaler. An HPA's range is sane, and a utilization target
// needs every container to request that resource. A ScaledObject has a redis trigger for each
// queue its app consumes (the worker's from apps/worker/src/processors.ts, a service's
// events-<app>) on BullMQ's wait list <REDIS_PREFIX>:<queue>:wait, with a Redis address; its
// TriggerAuthentication is here and reads keys its Secret has. (KEDA's fields are schema.mjs's.)
import { describe, mainContainersOf } from '../k8s.mjs';

const targetOf = ({ spec }) =>
  `${spec?.scaleTargetRef?.kind ?? 'Deployment'} ${spec?.scaleTargetRef?.name}`;

export default function autoscaling(v, report) {
  const scalers = [...v.of('HorizontalPodAutoscaler'), ...v.of('ScaledObject')];
  for (const s of scalers) {
    const at = (message) => report(s, message);
    const target = v.workloads(v.ns(s)).find((w) => describe(w) === targetOf(s));
    const others = scalers.filter(
      (x) => x !== s && v.ns(x) === v.ns(s) && targetOf(x) === targetOf(s),
    );
    if (!target) {
      at(`scaleTargetRef ${targetOf(s)} does not exist`);
      continue;
    }
    if (target.spec?.replicas !== undefined)
      at(`${describe(target)} sets spec.replicas, which fights the autoscaler on every apply`);
    for (const other of others)
      at(
        `${describe(other)} scales ${targetOf(s)} too; two autoscalers fight (delete the HPA where the ScaledObject is added)`,
      );
    // An HPA's range is minReplicas..maxReplicas; a ScaledObject's minReplicaCount..maxReplicaCount.
    const [min, max] =
      s.kind === 'ScaledObject'
        ? [s.spec?.minReplicaCount ?? 0, s.spec?.maxReplicaCount ?? 100]
        : [s.spec?.minReplicas ?? 1, s.spec?.maxReplicas];
    if (min > max)
      at(
        s.kind === 'ScaledObject'
          ? 'minReplicaCount is above maxReplicaCount'
          : 'minReplicas is above maxReplicas',
      );
    for (const { type, resource: r } of s.kind === 'HorizontalPodAutoscaler'
      ? (s.spec?.metrics ?? [])
      : [])
      for (const c of type === 'Resource' && r?.target?.type === 'Utilization'
        ? mainContainersOf(target)
        : [])
        if (!c.resources?.requests?.[r.name])
          at(`scales on ${r.name} utilization, but container ${c.name} requests no ${r.name}`);
    if (s.kind === 'ScaledObject') triggers(v, s, target, at);
  }
  for (const auth of v.of('TriggerAuthentication'))
    for (const { parameter, name, key } of auth.spec?.secretTargetRef ?? []) {
      const problem = v.unreadable('Secret', name, key, v.ns(auth));
      if (problem) report(auth, `${parameter} ${problem}`);
    }
}

function triggers(v, scaled, target, report) {
  const app = target.metadata?.name;
  const container = mainContainersOf(target)[0];
  const prefix = (container && v.env(target, container, 'REDIS_PREFIX')?.value) || 'mepedia';
  const { services, workerQueues } = v.context;
  const consumed =
    app === 'worker' ? workerQueues : services.has(app) ? new Set([`events-${app}`]) : undefined;
  const watched = new Set();
  if ((scaled.spec?.triggers ?? []).length === 0) report('spec.triggers: at least one trigger');
  for (const [i, trigger] of (scaled.spec?.triggers ?? []).entries()) {
    const at = (message) => report(`triggers[${i}]: ${message}`);
    if (trigger.type !== 'redis') {
      at(`type: ${trigger.type}: only redis triggers are known to this check`);
      continue;
    }
    const { listName = '' } = trigger.metadata ?? {};
    const [, listPrefix, queue] = /^(.*):([^:]+):wait$/.exec(listName) ?? [];
    if (listPrefix !== prefix)
      at(
        `listName ${listName} is not ${prefix}:<queue>:wait (BullMQ's wait list under REDIS_PREFIX ${prefix})`,
      );
    else if (!consumed) at(`the queues ${app} consumes are not known to this check`);
    else if (!consumed.has(queue))
      at(`${app} consumes no queue ${queue} (it consumes ${[...consumed].join(', ')})`);
    else if (watched.has(queue)) at(`a second trigger for the queue ${queue}`);
    if (queue) watched.add(queue);
    const ref = trigger.authenticationRef;
    const own = ref && (ref.kind ?? 'TriggerAuthentication') === 'TriggerAuthentication';
    const auth = own && v.find('TriggerAuthentication', ref.name, v.ns(scaled));
    if (own && !auth) at(`authenticationRef ${ref.name} is no TriggerAuthentication here`);
    const parameters = (auth?.spec?.secretTargetRef ?? []).map((r) => r.parameter);
    const given = [...Object.keys(trigger.metadata ?? {}), ...parameters];
    if (!given.some((k) => /^(address|host)(FromEnv)?$/.test(k)) && !(own && !auth))
      at('no address or host for Redis (in metadata, or a TriggerAuthentication parameter)');
  }
  for (const queue of [...(consumed ?? [])].filter((q) => !watched.has(q)))
    report(`${app} consumes the queue ${queue}, but no trigger watches ${prefix}:${queue}:wait`);
}
