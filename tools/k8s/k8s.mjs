// What the policies share: a view of one rendered root's objects (`view(objects, context)`: find,
// select, where a container's variable comes from), and whether its NetworkPolicies let a
// connection through (`allows`). A policy is `(view, report) => void`; `run` collects its reports.

export const isWorkload = (o) =>
  ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet'].includes(o.kind);
export const hasPods = (o) => isWorkload(o) || o.kind === 'Job';
export const describe = (o) => `${o?.kind ?? '?'} ${o?.metadata?.name ?? '(no name)'}`;
export const podLabelsOf = (o) => o.spec?.template?.metadata?.labels ?? {};
export const podSpecOf = (o) => (hasPods(o) ? (o.spec?.template?.spec ?? {}) : {});
export const mainContainersOf = (o) => podSpecOf(o).containers ?? [];
export const containersOf = (o) => [...(podSpecOf(o).initContainers ?? []), ...mainContainersOf(o)];
const portsOf = (o) => containersOf(o).flatMap((c) => c.ports ?? []);
/** A container port of `pod` (a name, or a number, which is itself) as its number. */
export const portNumberOn = (pod, port) =>
  typeof port === 'string' ? portsOf(pod).find((p) => p.name === port)?.containerPort : port;
/** Whether some container of `pod` declares the port (by name, or by number). */
export const declares = (pod, port) =>
  portsOf(pod).some((p) => (typeof port === 'string' ? p.name : p.containerPort) === port);
export const isService = (o) =>
  isWorkload(o) && podLabelsOf(o)['app.kubernetes.io/component'] === 'service';

/** A LabelSelector (matchLabels and matchExpressions) against labels; `{}` selects everything. */
export function matches(selector, labels = {}) {
  if (!selector || typeof selector !== 'object') return false;
  const test = ({ key, operator, values = [] }) => {
    const [has, among] = [Object.hasOwn(labels, key), values.includes(labels[key])];
    return { In: has && among, NotIn: !has || !among, Exists: has, DoesNotExist: !has }[operator];
  };
  return (
    Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
    (selector.matchExpressions ?? []).every((e) => test(e) === true)
  );
}
/** A plain map selector (a Service's, matchLabels): non-empty, and every label equal. */
export const selects = (map, labels) =>
  !!map && Object.keys(map).length > 0 && matches({ matchLabels: map }, labels);

/** `http://users`, `http://worker:8080/x`: a Service of the same namespace, by its short name. */
export function inClusterUrl(value) {
  const url = /^(https?):\/\/([a-z0-9]([-a-z0-9]*[a-z0-9])?)(:(\d+))?(\/.*)?$/.exec(String(value));
  return url && { service: url[2], port: Number(url[5] ?? (url[1] === 'https' ? 443 : 80)) };
}

/** The objects of one root, indexed. `context.templateSecrets`: Secret name -> Map key -> placeholder. */
export function view(objects, context = {}) {
  const ns = (o) => o.metadata?.namespace ?? '';
  const of = (kind, namespace) =>
    objects.filter((o) => o.kind === kind && (namespace === undefined || ns(o) === namespace));
  const find = (kind, name, namespace) =>
    of(kind, namespace).find((o) => o.metadata?.name === name);
  const namespaceLabelsOf = (o) =>
    ns(o)
      ? { ...find('Namespace', ns(o), '')?.metadata?.labels, 'kubernetes.io/metadata.name': ns(o) }
      : undefined;
  const workloads = (namespace) => objects.filter((o) => isWorkload(o) && ns(o) === namespace);
  /** The keys of a ConfigMap or Secret here (or of a *.template.yaml Secret), undefined if unknown. */
  const keysOf = (kind, name, namespace) => {
    const o = find(kind, name, namespace);
    const template = kind === 'Secret' && context.templateSecrets?.get(name);
    if (o)
      return new Set(['data', 'stringData', 'binaryData'].flatMap((f) => Object.keys(o[f] ?? {})));
    return template ? new Set(template.keys()) : undefined;
  };
  /** What is wrong with reading a ConfigMap's or Secret's key (or all of it, with no key) here. */
  const unreadable = (kind, name, key, namespace) => {
    const keys = keysOf(kind, name, namespace);
    if (!keys) return `reads ${kind} ${name}, which is neither here nor in a *.template.yaml`;
    if (key !== undefined && !keys.has(key))
      return `reads key ${key}, which ${kind} ${name} does not have`;
  };
  const valueOf = (kind, name, key, namespace) => {
    const o = find(kind, name, namespace);
    if (o?.stringData?.[key] !== undefined) return String(o.stringData[key]);
    if (o?.data?.[key] !== undefined)
      return kind === 'Secret'
        ? Buffer.from(String(o.data[key]), 'base64').toString('utf8')
        : String(o.data[key]);
    return kind === 'Secret' ? context.templateSecrets?.get(name)?.get(key) : undefined;
  };
  return {
    objects,
    context,
    ns,
    of,
    find,
    workloads,
    keysOf,
    unreadable,
    selected: (selector, namespace) =>
      workloads(namespace).filter((w) => selects(selector, podLabelsOf(w))),
    /** Whether the NetworkPolicies of `pod`'s namespace let a connection in or out of it: `allows`. */
    allows: (direction, pod, peer, port, protocol) =>
      allows(of('NetworkPolicy', ns(pod)), direction, pod, peer, port, protocol),
    /** Peers for `allows`: the pods of `pod`, or something outside `pod`'s namespace. */
    peer: (pod) => ({ pod, namespaceLabels: namespaceLabelsOf(pod) }),
    outside: (pod) => ({ outside: true, ownNamespace: ns(pod) }),
    /**
     * Where the variable of a container of `o` comes from: its `env` entry, else the last `envFrom`
     * source that has the key; undefined when nothing sets it. `id` compares, `text` describes,
     * `value` is the value when the tree knows it (a template's placeholder too).
     */
    env(o, container, variable) {
      const source = (kind, name, key) => {
        const text = `${kind} ${name} key ${key}`;
        return { id: text, text, value: valueOf(kind, name, key, ns(o)) };
      };
      const entry = (container.env ?? []).findLast((e) => e.name === variable);
      const { secretKeyRef: s, configMapKeyRef: c } = entry?.valueFrom ?? {};
      if (s || c) return source(s ? 'Secret' : 'ConfigMap', (s ?? c).name, (s ?? c).key);
      if (entry?.valueFrom) {
        const text = `env valueFrom ${JSON.stringify(entry.valueFrom)}`;
        return { id: text, text };
      }
      if (entry) {
        const value = entry.value === undefined ? undefined : String(entry.value);
        return {
          id: `value ${JSON.stringify(value ?? '')}`,
          text: 'a value written in its env',
          value,
        };
      }
      return (container.envFrom ?? [])
        .map((from) => {
          const [kind, ref] = from.configMapRef
            ? ['ConfigMap', from.configMapRef]
            : ['Secret', from.secretRef];
          const key = variable.slice((from.prefix ?? '').length);
          const found =
            variable.startsWith(from.prefix ?? '') &&
            ref &&
            keysOf(kind, ref.name, ns(o))?.has(key);
          return found ? source(kind, ref.name, key) : undefined;
        })
        .findLast(Boolean);
    },
  };
}

/** The problems a policy (or a list of them) reports on the objects of one root. */
export function run(policy, objects, context) {
  const out = [];
  const v = view(objects, context);
  for (const p of [policy].flat()) p(v, (object, message) => out.push({ object, message }));
  return out;
}

// ---------------------------------------------------------------------------------------------
// NetworkPolicies

/** A NetworkPolicy's directions: as given, else Ingress, and Egress when it has egress rules. */
const directionsOf = (p) =>
  p.spec?.policyTypes ?? ['Ingress', ...(p.spec?.egress ? ['Egress'] : [])];
const onlyNamespace = (selector, name) =>
  !!name &&
  !selector.matchExpressions &&
  selector.matchLabels?.['kubernetes.io/metadata.name'] === name;

/**
 * Whether the NetworkPolicies of the namespace let a connection through on `port` (a number, or a
 * name of the receiving pod's ports) and `protocol`: into `pod` from `peer` (direction Ingress), or
 * out of `pod` to `peer` (Egress). `peer` is `{ pod, namespaceLabels }` for pods of the namespace
 * (an ipBlock does not count, pod addresses being the CNI's), or `{ outside: true, namespaceLabels?,
 * ownNamespace? }` for something elsewhere (an ipBlock counts; a namespaceSelector when it matches
 * `namespaceLabels`, or, without them, when it is not just `ownNamespace`). A namespaceSelector with
 * the labels unknown lets a pod in. No policy of that direction selecting `pod`: allowed.
 */
function allows(policies, direction, pod, peer, port, protocol = 'TCP') {
  const list = policies.filter(
    (p) =>
      directionsOf(p).includes(direction) && matches(p.spec?.podSelector ?? {}, podLabelsOf(pod)),
  );
  if (list.length === 0) return true;
  const receiver = direction === 'Ingress' ? pod : peer.pod;
  const number = (p) =>
    receiver ? portNumberOn(receiver, p) : typeof p === 'number' ? p : undefined;
  const wanted = number(port);
  const portOk = (r) => {
    const from = number(r.port);
    return (
      (r.protocol ?? 'TCP') === protocol &&
      (r.port === undefined ||
        (from !== undefined && wanted >= from && wanted <= (r.endPort ?? from)))
    );
  };
  const peerOk = (r) => {
    if (r.ipBlock) return !!peer.outside;
    const podOk = () => !!peer.pod && matches(r.podSelector ?? {}, podLabelsOf(peer.pod));
    if (!r.namespaceSelector) return podOk();
    const namespaceOk = peer.namespaceLabels
      ? matches(r.namespaceSelector, peer.namespaceLabels)
      : !(peer.outside && onlyNamespace(r.namespaceSelector, peer.ownNamespace));
    return namespaceOk && (!peer.pod || podOk());
  };
  const [rules, peers] = direction === 'Ingress' ? ['ingress', 'from'] : ['egress', 'to'];
  return list.some((p) =>
    (p.spec?.[rules] ?? []).some(
      (rule) =>
        ((rule[peers] ?? []).length === 0 || rule[peers].some(peerOk)) &&
        ((rule.ports ?? []).length === 0 || rule.ports.some(portOk)),
    ),
  );
}
