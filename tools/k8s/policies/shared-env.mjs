// Variables that apps must agree on: every container that sets one takes it from the same place
// (Secret key, ConfigMap key or literal), and each app listed sets it. users checks the links the
// worker signs; both write links to the web app; the gateway, the worker and the services share
// Redis under REDIS_PREFIX; the services check the gateway's assertions with the one public key;
// the web app does not start without GATEWAY_URL.
import { WORKLOADS, describe, problem, view } from '../k8s.mjs';

export const sharedEnv = (services) => ({
  EMAIL_LINK_SECRET: ['users', 'worker'],
  PUBLIC_URL: ['users', 'worker', 'web'],
  REDIS_URL: ['gateway', 'worker', ...services],
  REDIS_PREFIX: ['gateway', 'worker', ...services],
  IDENTITY_PUBLIC_KEY: [...services],
  GATEWAY_URL: ['web'],
});

export default {
  name: 'shared-env',
  check(objects, context) {
    const v = view(objects, context);
    const out = [];
    for (const [variable, apps] of Object.entries(sharedEnv(context.services))) {
      const sources = [];
      for (const o of objects.filter((x) => WORKLOADS.has(x.kind))) {
        for (const container of o.spec?.template?.spec?.containers ?? []) {
          const at = `${describe(o)} container ${container.name}`;
          const source = v.envSource(container, variable, v.ns(o));
          // A ConfigMap it reads that is not here is reported already; its keys are unknown.
          const unknown = (container.envFrom ?? []).some(
            (f) => f.configMapRef && !v.find('ConfigMap', f.configMapRef.name, v.ns(o)),
          );
          if (source) sources.push({ o, at, source });
          else if (apps.includes(o.metadata?.name) && !unknown)
            out.push(
              problem(
                o,
                `container ${container.name}: ${variable} is not set; ${apps.length > 1 ? `${apps.join(' and ')} must all get it (from the same place)` : `${apps[0]} needs it`}`,
              ),
            );
        }
      }
      for (const other of sources.slice(1).filter((s) => s.source.id !== sources[0].source.id))
        out.push(
          problem(
            other.o,
            `${other.at}: ${variable} comes from ${other.source.text}, but ${sources[0].at} gets it from ${sources[0].source.text}; they must be the same`,
          ),
        );
    }
    return out;
  },
};
