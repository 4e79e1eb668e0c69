// Every pod's ways out: DNS; PostgreSQL, Redis or SMTP outside the namespace when it is given
// their URL (at the URL's port); HTTPS for the apps that call an API outside the cluster (no
// variable of theirs says so: S3_BUCKET and TWILIO_FROM are in mepedia-config for every pod).
import { egressAdmits, hasPods, mainContainersOf, problem, view } from '../k8s.mjs';

const EXTERNAL = {
  DATABASE_URL: ['PostgreSQL', 5432],
  REDIS_URL: ['Redis', 6379],
  SMTP_URL: ['SMTP', 587],
};
export const EXTERNAL_HTTPS = {
  files: 'the S3 bucket',
  posts: 'Google Cloud Translation',
  worker: 'the Twilio API',
};
const DEFAULT_PORTS = {
  postgres: 5432,
  postgresql: 5432,
  redis: 6379,
  rediss: 6379,
  smtp: 587,
  smtps: 465,
};

/** The port of a URL such as postgres://u:p@host:5432/db, or its scheme's default. */
function urlPort(value, fallback) {
  const url = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/]*@)?(?:\[[^\]]*\]|[^:/?#]*)(?::(\d+))?/i.exec(
    String(value ?? ''),
  );
  if (!url) return fallback;
  return url[2] ? Number(url[2]) : (DEFAULT_PORTS[url[1].toLowerCase()] ?? fallback);
}

export default {
  name: 'egress',
  check(objects, context) {
    const v = view(objects, context);
    const out = [];
    for (const o of objects.filter(hasPods)) {
      const policies = v.policiesIn(v.ns(o));
      const dns = {
        outside: true,
        namespaceLabels: { 'kubernetes.io/metadata.name': 'kube-system' },
      };
      if (!egressAdmits(policies, o, dns, 53, 'UDP'))
        out.push(
          problem(o, 'no egress NetworkPolicy lets its pods reach DNS (UDP 53 in kube-system)'),
        );
      const outside = { outside: true, ownNamespace: v.ns(o) };
      for (const container of mainContainersOf(o)) {
        for (const [variable, [what, port]] of Object.entries(EXTERNAL)) {
          if (!v.envSource(container, variable, v.ns(o))) continue;
          const number = urlPort(v.envValue(container, variable, v.ns(o)), port);
          if (!egressAdmits(policies, o, outside, number))
            out.push(
              problem(
                o,
                `container ${container.name} is given ${variable}, but no egress NetworkPolicy lets it reach ${what} (TCP ${number}) outside the namespace`,
              ),
            );
        }
      }
      const api = o.kind !== 'Job' && EXTERNAL_HTTPS[o.metadata?.name];
      if (api && !egressAdmits(policies, o, outside, 443))
        out.push(
          problem(
            o,
            `calls ${api}, but no egress NetworkPolicy lets it reach HTTPS (TCP 443) outside the namespace`,
          ),
        );
    }
    return out;
  },
};
