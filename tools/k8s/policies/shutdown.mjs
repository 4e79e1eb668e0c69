// The kubelet waits terminationGracePeriodSeconds from the start of the preStop hook, then kills;
// the app's own bound (SHUTDOWN_TIMEOUT_MS, libs/server/config/src/config.ts) starts at SIGTERM,
// after the hook; 5 s are kept for the logs and the exit. The gateway's bound is not below its
// wait on a slow service (UPSTREAM_TIMEOUT_MS, apps/gateway/src/gateway.config.ts).
import { isWorkload, mainContainersOf, podSpecOf } from '../k8s.mjs';

const DEFAULT_MS = { SHUTDOWN_TIMEOUT_MS: 25_000, UPSTREAM_TIMEOUT_MS: 30_000 };
const MARGIN_SECONDS = 5;

export default function shutdown(v, report) {
  for (const o of v.objects.filter(isWorkload)) {
    const grace = podSpecOf(o).terminationGracePeriodSeconds ?? 30;
    for (const c of mainContainersOf(o)) {
      const at = (message) => report(o, `container ${c.name}: ${message}`);
      const { sleep, exec } = c.lifecycle?.preStop ?? {};
      const slept = Number(
        sleep?.seconds ??
          /\bsleep\s+(\d+(?:\.\d+)?)\b/.exec((exec?.command ?? []).join(' '))?.[1] ??
          0,
      );
      const ms = (variable) => Number(v.env(o, c, variable)?.value || DEFAULT_MS[variable]);
      const timeout = ms('SHUTDOWN_TIMEOUT_MS');
      if (!Number.isFinite(timeout)) {
        at(`SHUTDOWN_TIMEOUT_MS ${v.env(o, c, 'SHUTDOWN_TIMEOUT_MS').value} is not a number`);
        continue;
      }
      const needed = slept + timeout / 1000 + MARGIN_SECONDS;
      if (needed > grace)
        at(
          `preStop ${slept} s + SHUTDOWN_TIMEOUT_MS ${timeout / 1000} s + ${MARGIN_SECONDS} s of margin = ${needed} s, over terminationGracePeriodSeconds ${grace}: the kubelet kills it before its stop ends`,
        );
      if (o.metadata?.name === 'gateway' && timeout < ms('UPSTREAM_TIMEOUT_MS'))
        at(
          `SHUTDOWN_TIMEOUT_MS ${timeout} is below UPSTREAM_TIMEOUT_MS ${ms('UPSTREAM_TIMEOUT_MS')}: a request waiting on a slow service is cut off at shutdown`,
        );
    }
  }
}
