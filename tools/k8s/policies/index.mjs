// Every policy by name (its fixtures are fixtures/<name>/), in the order their problems are
// listed. A policy is `(view, report)` over the objects of one rendered root (k8s.mjs); a tree
// policy is `(tree, context, report)` over the files (tree.mjs).
import autoscaling from './autoscaling.mjs';
import dashboards from './dashboards.mjs';
import egress from './egress.mjs';
import images from './images.mjs';
import ingress from './ingress.mjs';
import kustomizations from './kustomizations.mjs';
import metrics from './metrics.mjs';
import migrations from './migrations.mjs';
import networkPolicies from './network-policies.mjs';
import podSecurity from './pod-security.mjs';
import serviceUrls from './service-urls.mjs';
import sharedEnv from './shared-env.mjs';
import shutdown from './shutdown.mjs';
import workloads from './workloads.mjs';

export const treePolicies = { kustomizations, dashboards };
export const policies = {
  workloads,
  autoscaling,
  'network-policies': networkPolicies,
  ingress,
  images,
  'service-urls': serviceUrls,
  'shared-env': sharedEnv,
  'pod-security': podSecurity,
  egress,
  metrics,
  shutdown,
  migrations,
};
