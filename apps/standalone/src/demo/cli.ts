// `npm run seed [-- <address>]`: the demo community into a running Mepedia (default: npm start's
// http://127.0.0.1:3000). It needs the dev outbox, and seeds only a community with no published
// member. `DEMO_SEED=true npm start` does the same at start.
import { DEMO_PASSWORD, seedDemo, SeedError } from './seed';

const base = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');

seedDemo(base, (line) => process.stdout.write(`${line}\n`)).then(
  (seeded) => {
    if (seeded === 'not-empty') {
      process.stdout.write(`${base} has published members already: nothing seeded.\n`);
      return;
    }
    process.stdout.write(
      `Seeded ${seeded.members} members, ${seeded.answers} answers, ${seeded.posts} posts, ${seeded.comments} comments and ${seeded.reactions} reactions into ${base}.\n` +
        `Each member signs in with <key>.demo@example.com and the password "${DEMO_PASSWORD}".\n`,
    );
  },
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof SeedError ? error.message : String(error instanceof Error ? error.stack : error)}\n`,
    );
    process.exitCode = 1;
  },
);
