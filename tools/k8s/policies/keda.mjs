// KEDA (its schemas are checked with the others): a ScaledObject scales an existing Deployment
// that no HPA also scales and that sets no replicas, with redis triggers only, whose metadata the
// redis scaler knows, one per queue the app consumes, on BullMQ's wait list
// <REDIS_PREFIX>:<queue>:wait, with a Redis address and a TriggerAuthentication here that reads
// keys the Secret has.
import { describe, mainContainersOf, problem, view } from '../k8s.mjs';

// The redis (lists) scaler's metadata, and the TriggerAuthentication parameters it takes.
const METADATA = {
  text: 'address addressFromEnv host hostFromEnv portFromEnv username usernameFromEnv passwordFromEnv listName',
  count: 'port activationListLength databaseIndex',
  positive: 'listLength',
  boolean: 'enableTLS unsafeSsl',
};
const TYPES = new Map(
  Object.entries(METADATA).flatMap(([type, keys]) => keys.split(' ').map((k) => [k, type])),
);
const FORMS = {
  count: [/^\d+$/, 'a whole number, as a string'],
  positive: [/^[1-9]\d*$/, 'a whole number above 0, as a string'],
  boolean: [/^(true|false)$/, "'true' or 'false'"],
};
const AUTH_PARAMETERS = new Set(
  'address host port username password tls ca cert key keyPassword'.split(' '),
);

function triggerProblems(trigger) {
  const metricType = trigger?.metricType;
  if (metricType !== undefined && !['AverageValue', 'Value', 'Utilization'].includes(metricType))
    return [`metricType: must be AverageValue, Value or Utilization`];
  if (trigger?.type !== 'redis')
    return [`type: ${trigger?.type}: only redis triggers are known to this check`];
  const out = Object.entries(trigger.metadata ?? {}).flatMap(([key, value]) => {
    const type = TYPES.get(key);
    if (!type) return [`metadata.${key}: not a field of the redis scaler`];
    const [form, text] = FORMS[type] ?? [];
    return form && !form.test(value) ? [`metadata.${key}: must be ${text}`] : [];
  });
  return [
    ...out,
    ...['listName', 'listLength']
      .filter((k) => trigger.metadata?.[k] === undefined)
      .map((k) => `metadata.${k}: required by the redis scaler`),
  ];
}

export default {
  name: 'keda',
  check(objects, context) {
    const v = view(objects, context);
    const out = [];
    for (const scaled of v.of('ScaledObject').filter((s) => s.spec)) {
      const report = (message) => out.push(problem(scaled, message));
      const { minReplicaCount: min, maxReplicaCount: max, triggers = [] } = scaled.spec;
      if (min > max) report('spec: minReplicaCount is above maxReplicaCount');
      if (triggers.length === 0) report('spec.triggers: at least one trigger');
      const ref = scaled.spec.scaleTargetRef ?? {};
      const kind = ref.kind ?? 'Deployment';
      const target = v.find(kind, ref.name, v.ns(scaled));
      if (!target) {
        report(`scaleTargetRef ${kind} ${ref.name} does not exist`);
        continue;
      }
      if (target.spec?.replicas !== undefined)
        report(
          `${describe(target)} sets spec.replicas, which fights the autoscaler on every apply`,
        );
      for (const hpa of v.of('HorizontalPodAutoscaler').filter((h) => v.ns(h) === v.ns(scaled)))
        if (hpa.spec?.scaleTargetRef?.kind === kind && hpa.spec?.scaleTargetRef?.name === ref.name)
          report(
            `${describe(hpa)} scales ${kind} ${ref.name} too; two autoscalers fight (delete the HPA where the ScaledObject is added)`,
          );
      const container = mainContainersOf(target)[0];
      const prefix =
        (container && v.envValue(container, 'REDIS_PREFIX', v.ns(scaled))) || 'mepedia';
      const app = target.metadata?.name;
      const consumed =
        app === 'worker'
          ? context.workerQueues
          : context.services.has(app)
            ? new Set([`events-${app}`])
            : undefined;
      const triggered = new Set();
      for (const [i, trigger] of triggers.entries()) {
        const at = (message) => report(`triggers[${i}]: ${message}`);
        triggerProblems(trigger).forEach(at);
        if (trigger?.type !== 'redis') continue;
        const listName = String(trigger.metadata?.listName ?? '');
        const [, listPrefix, queue] = /^(.*):([^:]+):wait$/.exec(listName) ?? [];
        if (listPrefix !== prefix)
          at(
            `listName ${listName} is not ${prefix}:<queue>:wait (BullMQ's wait list under REDIS_PREFIX ${prefix})`,
          );
        else if (!consumed) at(`the queues ${app} consumes are not known to this check`);
        else if (!consumed.has(queue))
          at(`${app} consumes no queue ${queue} (it consumes ${[...consumed].join(', ')})`);
        else if (triggered.has(queue)) at(`a second trigger for the queue ${queue}`);
        if (queue) triggered.add(queue);
        const auth = trigger.authenticationRef;
        const own = auth && (auth.kind ?? 'TriggerAuthentication') === 'TriggerAuthentication';
        const authObject = own
          ? v.find('TriggerAuthentication', auth.name, v.ns(scaled))
          : undefined;
        if (own && !authObject)
          at(`authenticationRef ${auth.name} is no TriggerAuthentication here`);
        const parameters = new Set(
          (authObject?.spec?.secretTargetRef ?? []).map((r) => r.parameter),
        );
        const metadata = trigger.metadata ?? {};
        if (
          !['address', 'addressFromEnv', 'host', 'hostFromEnv'].some((k) => metadata[k]) &&
          !parameters.has('address') &&
          !parameters.has('host') &&
          !(auth && !authObject)
        )
          at('no address or host for Redis (in metadata, or a TriggerAuthentication parameter)');
        for (const parameter of [...parameters].filter((p) => !AUTH_PARAMETERS.has(p)))
          at(
            `TriggerAuthentication ${auth.name} gives ${parameter}, which the redis scaler does not take`,
          );
      }
      for (const queue of [...(consumed ?? [])].filter((q) => !triggered.has(q)))
        report(
          `${app} consumes the queue ${queue}, but no trigger watches ${prefix}:${queue}:wait`,
        );
    }
    for (const auth of v.of('TriggerAuthentication'))
      for (const ref of auth.spec?.secretTargetRef ?? []) {
        const keys = v.sourceKeys('Secret', ref.name, v.ns(auth));
        if (!keys)
          out.push(
            problem(
              auth,
              `reads Secret ${ref.name}, which is neither here nor in a *.template.yaml`,
            ),
          );
        else if (!keys.has(ref.key))
          out.push(
            problem(
              auth,
              `${ref.parameter} reads key ${ref.key}, which Secret ${ref.name} does not have`,
            ),
          );
      }
    return out;
  },
};
