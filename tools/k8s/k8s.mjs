// What the policies share: reading pods, selectors, variables and NetworkPolicies of one rendered
// root. `view(objects, context)` indexes the objects; every helper takes that view.

export const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet']);
export const hasPods = (o) => WORKLOADS.has(o.kind) || o.kind === 'Job';
export const describe = (o) => `${o?.kind ?? '?'} ${o?.metadata?.name ?? '(no name)'}`;
export const problem = (object, message) => ({ object, message });
export const podSpecOf = (o) => (hasPods(o) ? o.spec?.template?.spec : undefined);
export const podLabelsOf = (o) => o.spec?.template?.metadata?.labels ?? {};
export const containersOf = (o) => [
  ...(podSpecOf(o)?.initContainers ?? []),
  ...(podSpecOf(o)?.containers ?? []),
];
export const mainContainersOf = (o) => podSpecOf(o)?.containers ?? [];
const ports = (o) => containersOf(o).flatMap((c) => c.ports ?? []);
export const portNamesOf = (o) =>
  new Set(
    ports(o)
      .map((p) => p.name)
      .filter(Boolean),
  );
export const portNumbersOf = (o) => new Set(ports(o).map((p) => p.containerPort));
/** The number of a container port of `pod` by name (or the number itself). */
export const portNumberOn = (pod, port) =>
  typeof port === 'string' ? ports(pod).find((q) => q.name === port)?.containerPort : port;
export const isService = (o) =>
  WORKLOADS.has(o.kind) && podLabelsOf(o)['app.kubernetes.io/component'] === 'service';
export const keysOf = (o) =>
  new Set(['data', 'stringData', 'binaryData'].flatMap((field) => Object.keys(o?.[field] ?? {})));

/** A plain map selector (a Service's, matchLabels): non-empty and every label equal. */
export const selects = (selector, labels) =>
  !!selector &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** A LabelSelector (matchLabels and matchExpressions) against labels; `{}` selects everything. */
export function labelSelectorMatches(selector, labels = {}) {
  if (!selector || typeof selector !== 'object') return false;
  const has = (key) => Object.hasOwn(labels, key);
  const test = {
    In: (k, v) => has(k) && v.includes(labels[k]),
    NotIn: (k, v) => !has(k) || !v.includes(labels[k]),
    Exists: has,
    DoesNotExist: (k) => !has(k),
  };
  return (
    Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
    (selector.matchExpressions ?? []).every(
      (e) => test[e.operator]?.(e.key, e.values ?? []) ?? false,
    )
  );
}

/** The objects of one root, indexed. `context.templateSecrets`: Secret name -> Map key -> placeholder. */
export function view(objects, context = {}) {
  const ns = (o) => o.metadata?.namespace ?? '';
  const find = (kind, name, namespace) =>
    objects.find((o) => o.kind === kind && o.metadata?.name === name && ns(o) === namespace);
  const workloads = (namespace) =>
    objects.filter((o) => WORKLOADS.has(o.kind) && ns(o) === namespace);
  const namespaceLabelsOf = (o) =>
    ns(o)
      ? { ...find('Namespace', ns(o), '')?.metadata?.labels, 'kubernetes.io/metadata.name': ns(o) }
      : undefined;
  const secretKeys = (name, namespace) => {
    const secret = find('Secret', name, namespace);
    return secret
      ? keysOf(secret)
      : context.templateSecrets?.get(name) && new Set(context.templateSecrets.get(name).keys());
  };
  /** The keys of a ConfigMap or Secret here (or of a *.template.yaml Secret), undefined if unknown. */
  const sourceKeys = (kind, name, namespace) =>
    kind === 'Secret'
      ? secretKeys(name, namespace)
      : find(kind, name, namespace) && keysOf(find(kind, name, namespace));
  const secretValue = (name, key, namespace) => {
    const secret = find('Secret', name, namespace);
    if (secret?.stringData?.[key] !== undefined) return String(secret.stringData[key]);
    if (secret?.data?.[key] !== undefined)
      return Buffer.from(String(secret.data[key]), 'base64').toString('utf8');
    return context.templateSecrets?.get(name)?.get(key);
  };
  return {
    objects,
    ns,
    find,
    workloads,
    namespaceLabelsOf,
    sourceKeys,
    selected: (selector, namespace) =>
      workloads(namespace).filter((w) => selects(selector, podLabelsOf(w))),
    policiesIn: (namespace) =>
      objects.filter((p) => p.kind === 'NetworkPolicy' && ns(p) === namespace),
    of: (kind) => objects.filter((o) => o.kind === kind),
    /**
     * Where a container's variable comes from: its `env` entry, else the last `envFrom` source
     * that has the key; undefined when nothing sets it. `id` compares, `text` describes.
     */
    envSource(container, variable, namespace) {
      const entry = (container.env ?? []).findLast((e) => e.name === variable);
      if (entry) {
        const { secretKeyRef: s, configMapKeyRef: c } = entry.valueFrom ?? {};
        const text = s
          ? `Secret ${s.name} key ${s.key}`
          : c
            ? `ConfigMap ${c.name} key ${c.key}`
            : entry.valueFrom
              ? `env valueFrom ${JSON.stringify(entry.valueFrom)}`
              : 'a value written in its env';
        return { id: entry.valueFrom ? text : `value ${JSON.stringify(entry.value ?? '')}`, text };
      }
      let source;
      for (const from of container.envFrom ?? []) {
        const key = variable.slice((from.prefix ?? '').length);
        const ref = from.configMapRef ?? from.secretRef;
        const kind = from.configMapRef ? 'ConfigMap' : 'Secret';
        if (
          variable.startsWith(from.prefix ?? '') &&
          ref &&
          sourceKeys(kind, ref.name, namespace)?.has(key)
        )
          source = { id: `${kind} ${ref.name} key ${key}`, text: `${kind} ${ref.name} key ${key}` };
      }
      return source;
    },
    /** The value a container's variable gets, when the tree knows it (a template's placeholder too). */
    envValue(container, variable, namespace) {
      const entry = (container.env ?? []).findLast((e) => e.name === variable);
      if (entry) {
        if (entry.value !== undefined) return String(entry.value);
        const { secretKeyRef: s, configMapKeyRef: c } = entry.valueFrom ?? {};
        if (c) return find('ConfigMap', c.name, namespace)?.data?.[c.key];
        return s ? secretValue(s.name, s.key, namespace) : undefined;
      }
      let value;
      for (const from of container.envFrom ?? []) {
        if (!variable.startsWith(from.prefix ?? '')) continue;
        const key = variable.slice((from.prefix ?? '').length);
        const found = from.configMapRef
          ? find('ConfigMap', from.configMapRef.name, namespace)?.data?.[key]
          : from.secretRef && secretValue(from.secretRef.name, key, namespace);
        if (found !== undefined) value = found;
      }
      return value;
    },
  };
}

/** `http://users`, `http://worker:8080/x`: a Service of the same namespace, by its short name. */
export function inClusterUrl(value) {
  const url = /^(https?):\/\/([a-z0-9]([-a-z0-9]*[a-z0-9])?)(:(\d+))?(\/.*)?$/.exec(String(value));
  return url && { service: url[2], port: Number(url[5] ?? (url[1] === 'https' ? 443 : 80)) };
}

// ---------------------------------------------------------------------------------------------
// NetworkPolicies

/** A NetworkPolicy's directions: as given, else Ingress, and Egress when it has egress rules. */
const policyTypesOf = (policy) =>
  policy.spec?.policyTypes ?? ['Ingress', ...(policy.spec?.egress ? ['Egress'] : [])];
const selecting = (policies, direction, pod) =>
  policies.filter(
    (p) =>
      policyTypesOf(p).includes(direction) &&
      labelSelectorMatches(p.spec?.podSelector ?? {}, podLabelsOf(pod)),
  );
/** Whether some policy of `list` has a rule (`rules`, `peers`) whose peers and ports admit. */
const anyRule = (list, rules, peers, peerAdmits, portAdmits) =>
  list.some((policy) =>
    (policy.spec?.[rules] ?? []).some(
      (rule) =>
        ((rule[peers] ?? []).length === 0 || rule[peers].some(peerAdmits)) &&
        ((rule.ports ?? []).length === 0 || rule.ports.some(portAdmits)),
    ),
  );
const inRange = (rulePort, number, from) =>
  from !== undefined &&
  number !== undefined &&
  number >= from &&
  number <= (rulePort.endPort ?? from);
const onlyNamespace = (selector, name) =>
  !!name &&
  !selector.matchExpressions &&
  selector.matchLabels?.['kubernetes.io/metadata.name'] === name;

/**
 * Whether the NetworkPolicies let pods of `source` open a connection on `port` (a number) and
 * `protocol` to `to`: `{ pod, namespaceLabels }` for pods of the namespace (podSelector peers, and
 * namespaceSelector ones against the namespace's labels when known; an ipBlock does not count,
 * pod addresses being the CNI's), or `{ outside: true, namespaceLabels?, ownNamespace? }` for a
 * server elsewhere (an ipBlock counts; a namespaceSelector when it matches `namespaceLabels`, or,
 * without them, when it is not just `ownNamespace`). No Egress policy selecting the pods: allowed.
 */
export function egressAdmits(policies, source, to, port, protocol = 'TCP') {
  const list = selecting(policies, 'Egress', source);
  if (list.length === 0) return true;
  const portAdmits = (rulePort) =>
    (rulePort.protocol ?? 'TCP') === protocol &&
    (rulePort.port === undefined ||
      inRange(
        rulePort,
        port,
        to.pod
          ? portNumberOn(to.pod, rulePort.port)
          : typeof rulePort.port === 'number'
            ? rulePort.port
            : undefined,
      ));
  const peerAdmits = (peer) => {
    if (peer.ipBlock) return !!to.outside;
    if (!peer.namespaceSelector)
      return !!to.pod && labelSelectorMatches(peer.podSelector ?? {}, podLabelsOf(to.pod));
    const namespaceOk = to.namespaceLabels
      ? labelSelectorMatches(peer.namespaceSelector, to.namespaceLabels)
      : !(to.outside && onlyNamespace(peer.namespaceSelector, to.ownNamespace));
    return (
      namespaceOk && (!to.pod || labelSelectorMatches(peer.podSelector ?? {}, podLabelsOf(to.pod)))
    );
  };
  return anyRule(list, 'egress', 'to', peerAdmits, portAdmits);
}

/** The ingress policies that select `target`'s pods, and a test of a rule's port for `port`. */
function ingressOf(policies, target, port) {
  const wanted = portNumberOn(target, port);
  const portAdmits = (rulePort) =>
    rulePort.port === undefined || inRange(rulePort, wanted, portNumberOn(target, rulePort.port));
  return { list: selecting(policies, 'Ingress', target), portAdmits };
}

/**
 * Whether the NetworkPolicies let pods of `reader` into pods of `target` on `port` (a number or a
 * port name of the target's containers). A namespaceSelector is matched against `namespaceLabels`;
 * when those are unknown, or a selector uses matchExpressions, the peer counts as letting it in.
 */
export function admits(policies, target, reader, port, namespaceLabels) {
  const { list, portAdmits } = ingressOf(policies, target, port);
  if (list.length === 0) return true;
  const peerAdmits = (peer) => {
    if (peer.ipBlock) return false;
    const labels = peer.namespaceSelector?.matchLabels ?? {};
    if (peer.namespaceSelector?.matchExpressions) return true;
    if (Object.keys(labels).length > 0) {
      if (!namespaceLabels) return true;
      if (!selects(labels, namespaceLabels)) return false;
    }
    if (!peer.podSelector || peer.podSelector.matchExpressions) return true;
    return Object.entries(peer.podSelector.matchLabels ?? {}).every(
      ([k, v]) => podLabelsOf(reader)[k] === v,
    );
  };
  return anyRule(list, 'ingress', 'from', peerAdmits, portAdmits);
}

/**
 * Whether the NetworkPolicies let something outside the namespace (the ingress controller,
 * Prometheus) into pods of `target` on `port`: a rule without `from`, or with an ipBlock or a
 * namespaceSelector that is not just this namespace (`namespaceName`, when known).
 */
export function admitsFromOutside(policies, target, port, namespaceName) {
  const { list, portAdmits } = ingressOf(policies, target, port);
  if (list.length === 0) return true;
  const outside = (peer) =>
    !!peer.ipBlock ||
    (!!peer.namespaceSelector && !onlyNamespace(peer.namespaceSelector, namespaceName));
  return anyRule(list, 'ingress', 'from', outside, portAdmits);
}
