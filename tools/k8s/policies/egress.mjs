// Every pod's ways out: DNS; PostgreSQL, Redis or SMTP outside the namespace when it is given
// their URL (at the URL's port); HTTPS for the apps that call an API outside the cluster (no
// variable of theirs says so: S3_BUCKET and TWILIO_FROM are in mepedia-config for every pod).
import { hasPods, mainContainersOf } from '../k8s.mjs';

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
const PORTS = {
  postgres: 5432,
  postgresql: 5432,
  redis: 6379,
  rediss: 6379,
  smtp: 587,
  smtps: 465,
};
const DNS = { outside: true, namespaceLabels: { 'kubernetes.io/metadata.name': 'kube-system' } };

/** The port of a URL such as postgres://u:p@host:5432/db, or its scheme's default. */
const urlPort = (value, fallback) => {
  const url = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/]*@)?(?:\[[^\]]*\]|[^:/?#]*)(?::(\d+))?/i.exec(
    String(value ?? ''),
  );
  return url?.[2] ? Number(url[2]) : (PORTS[url?.[1].toLowerCase()] ?? fallback);
};

export default function egress(v, report) {
  for (const o of v.objects.filter(hasPods)) {
    const cannot = (what) => `no egress NetworkPolicy lets ${what}`;
    if (!v.allows('Egress', o, DNS, 53, 'UDP'))
      report(o, `${cannot('its pods reach DNS')} (UDP 53 in kube-system)`);
    for (const c of mainContainersOf(o))
      for (const [variable, [what, fallback]] of Object.entries(EXTERNAL)) {
        const source = v.env(o, c, variable);
        const port = source && urlPort(source.value, fallback);
        if (source && !v.allows('Egress', o, v.outside(o), port))
          report(
            o,
            `container ${c.name} is given ${variable}, but ${cannot(`it reach ${what} (TCP ${port}) outside the namespace`)}`,
          );
      }
    const api = o.kind !== 'Job' && EXTERNAL_HTTPS[o.metadata?.name];
    if (api && !v.allows('Egress', o, v.outside(o), 443))
      report(o, `calls ${api}, but ${cannot('it reach HTTPS (TCP 443) outside the namespace')}`);
  }
}
