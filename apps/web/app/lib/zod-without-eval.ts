// zod builds fast object parsers with `new Function` where it may. The pages' CSP allows no
// eval, and Chromium reports even zod's caught probe as a violation, so the browser runs zod
// without it. zod reads this global when it loads: root imports this module first, and zod
// comes only with the form routes, evaluated after root. The server keeps zod's fast path (in
// standalone mode it shares the process, and its globals, with the services).
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

if (typeof document !== 'undefined') {
  const scope = globalThis as ZodGlobal;
  (scope.__zod_globalConfig ??= {}).jitless = true;
}
