// A workload's own consistency: its selector matches its pod template, every container has an
// image, no variable is set twice, every volumeMount has its volume.
import {
  WORKLOADS,
  containersOf,
  hasPods,
  podLabelsOf,
  podSpecOf,
  problem,
  selects,
} from '../k8s.mjs';

export default {
  name: 'workloads',
  check(objects) {
    const out = [];
    for (const o of objects.filter(hasPods)) {
      if (WORKLOADS.has(o.kind) && !selects(o.spec?.selector?.matchLabels, podLabelsOf(o)))
        out.push(problem(o, "spec.selector.matchLabels does not match the pod template's labels"));
      const volumes = new Set((podSpecOf(o).volumes ?? []).map((volume) => volume.name));
      for (const container of containersOf(o)) {
        const report = (message) => out.push(problem(o, `container ${container.name}: ${message}`));
        if (!container.image) report('no image');
        const names = (container.env ?? []).map((e) => e.name);
        for (const name of new Set(names.filter((n, i) => names.indexOf(n) !== i)))
          report(`env ${name} is set twice`);
        for (const mount of (container.volumeMounts ?? []).filter((m) => !volumes.has(m.name)))
          report(`volumeMount ${mount.name} has no volume`);
      }
    }
    return out;
  },
};
