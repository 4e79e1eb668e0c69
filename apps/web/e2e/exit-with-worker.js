// Preloaded into each site process a browser test worker starts (site-server.ts): its stdin is a
// pipe from that worker, which closes when the worker ends in any way, even killed. The site then
// stops as on SIGTERM, so no server outlives the run. Unreferenced: it never keeps it running.
// Only a pipe counts: a file (/dev/null) ends at once, a terminal only when asked to.
const stdin = process.stdin;
if (!stdin.isTTY && typeof stdin.unref === 'function') {
  stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
  stdin.resume();
  stdin.unref();
}
