// The calibration's server: a bare Fastify answering "hello", or `select 1` from PGlite or
// PostgreSQL, or passing every request on to TARGET as it came (KIND=proxy: the least any
// proxy hop costs on this machine, to read a gateway's cost against; KIND=reply-from: the same
// hop through @fastify/reply-from, the library docs/adr/0008 weighs against the gateway's own
// proxy). No Mepedia code: it measures the machine. Prints its address.
import Fastify from 'fastify';

const fastify = Fastify();
if (process.env.KIND === 'proxy') {
  const { Pool } = await import('undici');
  const pool = new Pool(process.env.TARGET, { connections: 128 });
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  fastify.all('/*', async (request, reply) => {
    const headers = { ...request.headers };
    delete headers.host;
    delete headers.connection;
    const answer = await pool.request({
      method: request.method,
      path: request.url,
      headers,
      body: request.body?.length ? request.body : null,
    });
    reply.status(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers))
      if (!['connection', 'transfer-encoding', 'keep-alive'].includes(name))
        reply.header(name, value);
    return reply.send(answer.body);
  });
}
if (process.env.KIND === 'reply-from') {
  const { default: replyFrom } = await import('@fastify/reply-from');
  // One pool to TARGET, as large as KIND=proxy's; its request log lines off, as the gateway's are.
  await fastify.register(replyFrom, {
    base: process.env.TARGET,
    undici: { connections: 128 },
    disableRequestLogging: true,
  });
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  fastify.all('/*', (request, reply) => reply.from(request.url));
}
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
if (process.env.KIND !== 'proxy' && process.env.KIND !== 'reply-from')
  fastify.get('/', () => answer());
await fastify.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening on http://127.0.0.1:${fastify.server.address().port}\n`);
