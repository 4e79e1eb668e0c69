// Every pod (Deployments and Jobs) has the restricted Pod Security Standard's security context, a
// read-only root filesystem, and no service-account token.
import { containersOf, hasPods, podSpecOf } from '../k8s.mjs';

const PSS = '(the restricted Pod Security Standard)';

export default function podSecurity(v, report) {
  for (const o of v.objects.filter(hasPods)) {
    const pod = podSpecOf(o).securityContext ?? {};
    if (podSpecOf(o).automountServiceAccountToken !== false)
      report(o, 'automountServiceAccountToken must be false (no pod here talks to the API server)');
    for (const c of containersOf(o)) {
      const own = c.securityContext ?? {};
      const rules = [
        [(own.runAsNonRoot ?? pod.runAsNonRoot) === true, `runAsNonRoot must be true ${PSS}`],
        [
          ['RuntimeDefault', 'Localhost'].includes(
            (own.seccompProfile ?? pod.seccompProfile)?.type,
          ),
          `seccompProfile must be RuntimeDefault ${PSS}`,
        ],
        [own.allowPrivilegeEscalation === false, `allowPrivilegeEscalation must be false ${PSS}`],
        [(own.capabilities?.drop ?? []).includes('ALL'), `capabilities must drop ALL ${PSS}`],
        [
          own.readOnlyRootFilesystem === true,
          'readOnlyRootFilesystem must be true (write to an emptyDir such as /tmp)',
        ],
      ];
      for (const [ok, message] of rules) if (!ok) report(o, `container ${c.name}: ${message}`);
    }
  }
}
