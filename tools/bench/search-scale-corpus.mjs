// The generated corpus of the search bench at scale (search-scale.mjs), the same in every thread
// that makes it: a seeded generator of stories and people in Hebrew (60%) and English, words drawn
// by a Zipf law from made-up vocabularies (so common, middling and rare words exist, and none is a
// word of the labelled set), audiences as a community's (80% public, 10% members, 5% circle, 5%
// private). Document i is the same whichever thread makes it and whenever (its batch has a seed of
// its own), all but its id.
import { randomUUID } from 'node:crypto';

/** A seeded PRNG (mulberry32). */
function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The PRNG the draws below use: the corpus's own seed, then each batch's (`seedBatch`). */
let random = prng(36);
const pick = (list) => list[Math.floor(random() * list.length)];

/**
 * A made-up vocabulary of `size` words from syllables: pronounceable, never a real word of the
 * labelled set (those are judged against the demo community alone).
 */
function vocabulary(size, onsets, nuclei, codas) {
  const words = new Set();
  while (words.size < size) {
    const syllables = 2 + Math.floor(random() * 2);
    let word = '';
    for (let i = 0; i < syllables; i++) word += pick(onsets) + pick(nuclei);
    words.add(word + pick(codas));
  }
  return [...words];
}
export const HEBREW = vocabulary(
  40_000,
  [...'גדזטקצפרסנ'],
  ['ו', 'י', 'א', ''],
  ['ת', 'ים', 'ה', 'ר', ''],
);
export const ENGLISH = vocabulary(
  40_000,
  ['br', 'cl', 'dr', 'f', 'gr', 'k', 'pl', 'sk', 'tr', 'v', 'z'],
  ['a', 'e', 'i', 'o', 'u', 'ai', 'oo'],
  ['n', 'st', 'rk', 'll', 'x', ''],
);

/** A Zipf draw (s ≈ 1.07) over ranks 1..n, by inverting a precomputed cumulative table. */
function zipf(n, s = 1.07) {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let rank = 1; rank <= n; rank++) {
    total += 1 / rank ** s;
    cumulative[rank - 1] = total;
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}
const draw = zipf(40_000);
const words = (list, count) => Array.from({ length: count }, () => list[draw()]).join(' ');

/** The owners' ids, `count` of them, the same in every thread. */
export function ownersOf(count) {
  const own = prng(3636);
  const hex = () =>
    Math.floor(own() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  return Array.from({ length: count }, () => {
    const h = hex() + hex() + hex() + hex();
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  });
}

const AUDIENCES = [...Array(16).fill('public'), ...Array(2).fill('members'), 'circle', 'private'];

/** The draws of batch `batch` from here on. */
export function seedBatch(batch) {
  random = prng(1_000_003 + batch);
}

/** The i-th generated document, as its owner would announce it. */
export function generated(i, owners) {
  const hebrew = random() < 0.6;
  const list = hebrew ? HEBREW : ENGLISH;
  const person = i % 50 === 0;
  const ownerId = person ? owners[(i / 50) % owners.length] : pick(owners);
  const created = new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 3 * 365 * 86_400_000));
  return {
    kind: person ? 'person' : pick(['post', 'answer']),
    id: person ? ownerId : randomUUID(),
    ownerId,
    audience: person ? 'public' : pick(AUDIENCES),
    title: words(list, person ? 2 : 4 + Math.floor(random() * 5)),
    text: words(list, person ? 20 : 60 + Math.floor(random() * 80)),
    createdAt: created.toISOString(),
    deleted: false,
  };
}
