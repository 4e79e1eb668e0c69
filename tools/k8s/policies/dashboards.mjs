// Grafana dashboards (*.json of the tree with `panels`): valid JSON with a fixed uid, listed by a
// configMapGenerator labelled grafana_dashboard: "1" (Grafana's sidecar looks for it), one
// Prometheus datasource variable used by every panel and target, and PromQL that parses and names
// only metrics the apps serve (libs/server/config/src/metrics.ts and prom-client's defaults).
import { readFileSync } from 'node:fs';
import { parser } from '@prometheus-io/lezer-promql';
import { METRICS_FILE } from '../services.mjs';
import { rel, walk } from '../tree.mjs';

/**
 * The metric names a PromQL expression reads, by Prometheus' own grammar (Grafana's $variables and
 * ${variables} read as 1), or undefined when it does not parse.
 */
export function promqlMetrics(expr) {
  const text = String(expr).replace(/\$\{[^}]*\}|\$\w+/g, '1');
  const names = [];
  let valid = true;
  parser.parse(text).iterate({
    enter(node) {
      if (node.type.isError) valid = false;
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector')
        names.push(text.slice(node.from, node.to));
    },
  });
  return valid ? names : undefined;
}

export default function dashboards(tree, { metrics }, treeReport) {
  for (const path of walk(tree.dir, /\.json$/)) {
    const report = (message) => treeReport(rel(path), message);
    let dashboard;
    try {
      dashboard = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      report(`JSON: ${error.message}`);
      continue;
    }
    if (!Array.isArray(dashboard?.panels)) continue;
    if (typeof dashboard.schemaVersion !== 'number') report('schemaVersion: must be a number');
    if (!/^[\w-]{1,40}$/.test(dashboard.uid))
      report('uid: a fixed uid (letters, digits, - and _, up to 40), so links and reloads keep it');
    const labels = tree.generated.get(path);
    if (!labels) report('no configMapGenerator lists it (files:), so Grafana never sees it');
    else if (labels.grafana_dashboard !== '1')
      report(
        'its configMapGenerator lacks the label grafana_dashboard: "1" the Grafana sidecar looks for',
      );
    const variables = dashboard.templating?.list ?? [];
    const source = variables.find((v) => v.type === 'datasource' && v.query === 'prometheus')?.name;
    if (!source)
      report(
        'templating: needs a Prometheus datasource variable (type datasource, query prometheus)',
      );
    const datasource = (value, at) => {
      const uid = typeof value === 'string' ? value : value?.uid;
      if (value !== undefined && source && ![`\${${source}}`, `$${source}`].includes(uid))
        report(
          `${at}: datasource ${JSON.stringify(uid)} is not the \${${source}} variable (a fixed uid breaks in another Grafana)`,
        );
    };
    const known = (name, at) =>
      !metrics ||
      metrics.has(name) ||
      report(
        `${at}: ${name} is not a metric the apps serve (${METRICS_FILE}, prom-client defaults)`,
      );
    for (const variable of variables.filter((v) => v.type === 'query')) {
      const query = String(variable.query?.query ?? variable.query ?? '');
      const metric = /label_values\(\s*([a-zA-Z_:][\w:]*)/.exec(query)?.[1];
      if (metric) known(metric, `templating ${variable.name}`);
      datasource(variable.datasource, `templating ${variable.name}`);
    }
    // Grafana keys a panel's state (links, edits, alerts) by its id: one id, one panel.
    const ids = new Set();
    const visit = (panel) => {
      const at = `panel ${JSON.stringify(panel.title ?? panel.id)}`;
      if (ids.has(panel.id)) report(`${at}: id ${panel.id} is used twice`);
      ids.add(panel.id);
      datasource(panel.datasource, at);
      for (const [i, target] of (panel.targets ?? []).entries()) {
        const t = `${at} target ${target.refId ?? i}`;
        datasource(target.datasource, t);
        const names = promqlMetrics(target.expr ?? '');
        if (/__name__/.test(target.expr ?? ''))
          report(`${t}: select metrics by name, not __name__ (the check cannot follow it)`);
        if (!names || names.length === 0)
          report(`${t}: ${target.expr}: not PromQL, or reads no metric`);
        for (const name of names ?? []) known(name, t);
      }
      if (panel.type !== 'row' && (panel.targets ?? []).length === 0) report(`${at}: no targets`);
      (panel.panels ?? []).forEach(visit);
    };
    dashboard.panels.forEach(visit);
  }
}
