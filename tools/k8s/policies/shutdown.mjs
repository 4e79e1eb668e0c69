// The kubelet waits terminationGracePeriodSeconds from the start of the preStop hook, then kills;
// the app's own bound (SHUTDOWN_TIMEOUT_MS, libs/server/config/src/config.ts) starts at SIGTERM,
// after the hook; 5 s are kept for the logs and the exit. The gateway's bound is not below its
// wait on a slow service (UPSTREAM_TIMEOUT_MS, apps/gateway/src/gateway.config.ts).
import { WORKLOADS, mainContainersOf, podSpecOf, problem, view } from '../k8s.mjs';

const SHUTDOWN_TIMEOUT_DEFAULT_MS = 25_000;
const UPSTREAM_TIMEOUT_DEFAULT_MS = 30_000;
const MARGIN_SECONDS = 5;

export default {
  name: 'shutdown',
  check(objects, context) {
    const v = view(objects, context);
    const out = [];
    for (const o of objects.filter((x) => WORKLOADS.has(x.kind))) {
      const grace = podSpecOf(o)?.terminationGracePeriodSeconds ?? 30;
      for (const container of mainContainersOf(o)) {
        const report = (message) => out.push(problem(o, `container ${container.name}: ${message}`));
        const preStop = container.lifecycle?.preStop;
        const command = (preStop?.exec?.command ?? []).join(' ');
        const sleep = Number(
          preStop?.sleep?.seconds ?? /\bsleep\s+(\d+(?:\.\d+)?)\b/.exec(command)?.[1] ?? 0,
        );
        const milliseconds = (variable, fallback) => {
          const raw = v.envValue(container, variable, v.ns(o));
          return raw === undefined || raw === '' ? fallback : Number(raw);
        };
        const timeoutMs = milliseconds('SHUTDOWN_TIMEOUT_MS', SHUTDOWN_TIMEOUT_DEFAULT_MS);
        if (!Number.isFinite(timeoutMs)) {
          report(
            `SHUTDOWN_TIMEOUT_MS ${v.envValue(container, 'SHUTDOWN_TIMEOUT_MS', v.ns(o))} is not a number`,
          );
          continue;
        }
        const needed = sleep + timeoutMs / 1000 + MARGIN_SECONDS;
        if (needed > grace)
          report(
            `preStop ${sleep} s + SHUTDOWN_TIMEOUT_MS ${timeoutMs / 1000} s + ${MARGIN_SECONDS} s of margin = ${needed} s, over terminationGracePeriodSeconds ${grace}: the kubelet kills it before its stop ends`,
          );
        const upstreamMs = milliseconds('UPSTREAM_TIMEOUT_MS', UPSTREAM_TIMEOUT_DEFAULT_MS);
        if (o.metadata?.name === 'gateway' && timeoutMs < upstreamMs)
          report(
            `SHUTDOWN_TIMEOUT_MS ${timeoutMs} is below UPSTREAM_TIMEOUT_MS ${upstreamMs}: a request waiting on a slow service is cut off at shutdown`,
          );
      }
    }
    return out;
  },
};
