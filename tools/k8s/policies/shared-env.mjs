// Variables that apps must agree on: every container that sets one takes it from the same place
// (Secret key, ConfigMap key or literal), and each app listed sets it. users checks the links the
// worker signs; both write links to the web app; the gateway, the worker and the services share
// Redis under REDIS_PREFIX; the services check the gateway's assertions with the one public key;
// the web app does not start without GATEWAY_URL; posts and feed-messages hold a new member's
// first links for review by the same count.
import { describe, isWorkload, mainContainersOf } from '../k8s.mjs';

export const sharedEnv = (services) => ({
  EMAIL_LINK_SECRET: ['users', 'worker'],
  PUBLIC_URL: ['users', 'worker', 'web'],
  REDIS_URL: ['gateway', 'worker', ...services],
  REDIS_PREFIX: ['gateway', 'worker', ...services],
  IDENTITY_PUBLIC_KEY: [...services],
  GATEWAY_URL: ['web'],
  MODERATION_REVIEW_FIRST_LINKS: ['posts', 'feed-messages'],
});

export default function sharedEnvPolicy(v, report) {
  const containers = v.objects
    .filter(isWorkload)
    .flatMap((o) => mainContainersOf(o).map((c) => ({ o, c })));
  // A ConfigMap a container reads that is not here is reported already: its keys are unknown.
  const unknown = ({ o, c }) =>
    (c.envFrom ?? []).some(
      (f) => f.configMapRef && !v.find('ConfigMap', f.configMapRef.name, v.ns(o)),
    );
  for (const [variable, apps] of Object.entries(sharedEnv(v.context.services))) {
    const needs =
      apps.length > 1
        ? `${apps.join(' and ')} must all get it (from the same place)`
        : `${apps[0]} needs it`;
    const sources = [];
    for (const { o, c } of containers) {
      const source = v.env(o, c, variable);
      if (source) sources.push({ o, source, at: `${describe(o)} container ${c.name}` });
      else if (apps.includes(o.metadata?.name) && !unknown({ o, c }))
        report(o, `container ${c.name}: ${variable} is not set; ${needs}`);
    }
    const [first] = sources;
    for (const { o, at, source } of sources.filter((s) => s.source.id !== first.source.id))
      report(
        o,
        `${at}: ${variable} comes from ${source.text}, but ${first.at} gets it from ${first.source.text}; they must be the same`,
      );
  }
}
