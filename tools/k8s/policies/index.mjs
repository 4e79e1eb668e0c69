// Every policy, in the order their problems are listed. Each checks the objects of one rendered
// root (`check(objects, context)`) or the tree of files (`checkTree(tree, context)`).
import autoscaling from './autoscaling.mjs';
import dashboards from './dashboards.mjs';
import egress from './egress.mjs';
import envReferences from './env-references.mjs';
import images from './images.mjs';
import ingress from './ingress.mjs';
import keda from './keda.mjs';
import kustomizations from './kustomizations.mjs';
import metrics from './metrics.mjs';
import migrations from './migrations.mjs';
import networkPolicies from './network-policies.mjs';
import podSecurity from './pod-security.mjs';
import probes from './probes.mjs';
import selectors from './selectors.mjs';
import serviceRegistry from './service-registry.mjs';
import serviceUrls from './service-urls.mjs';
import sharedEnv from './shared-env.mjs';
import shutdown from './shutdown.mjs';
import unusedOpenings from './unused-openings.mjs';
import workloads from './workloads.mjs';

export const treePolicies = [kustomizations, dashboards];
export const policies = [
  workloads,
  probes,
  envReferences,
  selectors,
  autoscaling,
  networkPolicies,
  ingress,
  images,
  serviceRegistry,
  sharedEnv,
  serviceUrls,
  unusedOpenings,
  podSecurity,
  egress,
  metrics,
  shutdown,
  migrations,
  keda,
];
