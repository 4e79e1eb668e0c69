// Every pod (Deployments and Jobs) has the restricted security context, and no service-account token.
import { containersOf, hasPods, podSpecOf, problem } from '../k8s.mjs';

const PSS = '(the restricted Pod Security Standard)';

export default {
  name: 'pod-security',
  check(objects) {
    const out = [];
    for (const o of objects.filter(hasPods)) {
      const pod = podSpecOf(o) ?? {};
      const podSecurity = pod.securityContext ?? {};
      if (pod.automountServiceAccountToken !== false)
        out.push(
          problem(
            o,
            'automountServiceAccountToken must be false (no pod here talks to the API server)',
          ),
        );
      for (const container of containersOf(o)) {
        const report = (message) => out.push(problem(o, `container ${container.name}: ${message}`));
        const security = container.securityContext ?? {};
        if ((security.runAsNonRoot ?? podSecurity.runAsNonRoot) !== true)
          report(`runAsNonRoot must be true ${PSS}`);
        if (
          !['RuntimeDefault', 'Localhost'].includes(
            (security.seccompProfile ?? podSecurity.seccompProfile)?.type,
          )
        )
          report(`seccompProfile must be RuntimeDefault ${PSS}`);
        if (security.allowPrivilegeEscalation !== false)
          report(`allowPrivilegeEscalation must be false ${PSS}`);
        if (!(security.capabilities?.drop ?? []).includes('ALL'))
          report(`capabilities must drop ALL ${PSS}`);
        if (security.readOnlyRootFilesystem !== true)
          report('readOnlyRootFilesystem must be true (write to an emptyDir such as /tmp)');
      }
    }
    return out;
  },
};
