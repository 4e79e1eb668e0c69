// A thread of the search bench at scale (search-scale.mjs): makes the rows of the batches it is
// sent, each document through the search service's own `indexedDocument` (the lexemes a live
// announcement gets), and answers with them column by column, ready for one insert.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { generated, ownersOf, seedBatch } from './search-scale-corpus.mjs';

const require = createRequire(import.meta.url);
// eslint-disable-next-line @nx/enforce-module-boundaries -- the compiled app, as measured
const { indexedDocument } = require('../../dist/apps/search/src/search.service.js');

const owners = ownersOf(workerData.owners);
const COLUMNS = ['kind', 'id', 'ownerId', 'audience', 'title', 'body', 'language', 'foldedName'];
const VECTORS = ['titleVector', 'bodyVector'];

parentPort.on('message', ({ batch, start, end }) => {
  seedBatch(batch);
  const rows = [];
  for (let i = start; i < end; i++) rows.push(indexedDocument(generated(i, owners)));
  const columns = Object.fromEntries(
    [...COLUMNS, ...VECTORS].map((name) => [name, rows.map((row) => row[name])]),
  );
  columns.createdAt = rows.map((row) => row.createdAt.toISOString());
  parentPort.postMessage({ batch, columns });
});
