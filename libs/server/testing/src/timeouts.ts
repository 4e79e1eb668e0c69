// Tests run on a busy two-core machine, not only an idle one. There, PGlite's first open took
// 7.5 to 12 s and a whole process with it over 20 s, far past jest's 5 s default.
// jest.config.js sets a default for each tier; a hook or test that opens a database, starts a
// server, a process or a browser says how long the slow case may take with these.

/** A hook or test that opens a database or starts servers in this process. */
export const SETUP_TIMEOUT_MS = 120_000;

/** A test that starts (and perhaps restarts) whole processes. */
export const PROCESS_TEST_TIMEOUT_MS = 240_000;

/** How long a started process may take to say it is ready. */
export const PROCESS_READY_TIMEOUT_MS = 90_000;
