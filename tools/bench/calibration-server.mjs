// The calibration's server: a bare Fastify answering "hello", or `select 1` from PGlite or
// PostgreSQL (KIND). No Mepedia code: it measures the machine. Prints its address.
import Fastify from 'fastify';

const fastify = Fastify();
let answer = async () => 'hello';
if (process.env.KIND === 'pglite') {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create('memory://');
  answer = async () => (await db.query('select 1 as one')).rows[0];
} else if (process.env.KIND === 'postgres') {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  answer = async () => (await pool.query('select 1 as one')).rows[0];
}
fastify.get('/', () => answer());
await fastify.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening on http://127.0.0.1:${fastify.server.address().port}\n`);
