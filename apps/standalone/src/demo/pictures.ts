import sharp from 'sharp';

/**
 * The demo community's pictures, drawn here as SVG and rasterised with sharp (nothing is
 * downloaded): a portrait-like avatar per member and a landscape per post, each from a pair of
 * colours, so every run draws the same pictures.
 */

export type Scene = 'sea' | 'hills' | 'city' | 'garden' | 'desert' | 'night';

const W = 1200;
const H = 675;

/** A deterministic 0..1 sequence from a text: stars and windows land in the same places each run. */
function sequence(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function sky(top: string, bottom: string): string {
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#sky)"/>`;
}

/** A rolling horizon from `y`, `amplitude` high, filled down to the bottom. */
function ridge(y: number, amplitude: number, waves: number, fill: string, phase = 0): string {
  const points: string[] = [];
  for (let x = 0; x <= W; x += 20)
    points.push(`${x},${(y + Math.sin((x / W) * Math.PI * waves + phase) * amplitude).toFixed(1)}`);
  return `<polygon points="0,${H} ${points.join(' ')} ${W},${H}" fill="${fill}"/>`;
}

function sceneSvg(scene: Scene, [main, accent]: readonly [string, string], seed: string): string {
  const random = sequence(seed);
  switch (scene) {
    case 'sea':
      return [
        sky(accent, '#fdf6e3'),
        `<circle cx="860" cy="300" r="90" fill="#fff4c2" opacity="0.9"/>`,
        ridge(400, 10, 9, main),
        ridge(470, 8, 13, main, 1.3).replace('/>', ' opacity="0.75"/>'),
        ridge(560, 6, 17, '#ffffff', 0.4).replace('/>', ' opacity="0.18"/>'),
        `<polygon points="300,420 380,420 365,440 315,440" fill="#3b2f2f"/><line x1="340" y1="420" x2="340" y2="340" stroke="#3b2f2f" stroke-width="4"/><polygon points="342,345 342,415 390,415" fill="#fdf6e3"/>`,
      ].join('');
    case 'hills':
      return [
        sky('#dbeafe', accent),
        `<circle cx="260" cy="180" r="70" fill="#fff7d6"/>`,
        ridge(330, 40, 2.2, accent, 0.5).replace('/>', ' opacity="0.6"/>'),
        ridge(420, 50, 1.6, main, 2),
        // The nearest hill, darker: the main colour under a veil of black.
        ridge(520, 35, 2.8, main, 4),
        ridge(520, 35, 2.8, '#000000', 4).replace('/>', ' opacity="0.2"/>'),
      ].join('');
    case 'city': {
      const blocks: string[] = [];
      for (let x = 0; x < W; x += 70 + Math.floor(random() * 40)) {
        const height = 160 + Math.floor(random() * 300);
        blocks.push(
          `<rect x="${x}" y="${H - height}" width="${60 + Math.floor(random() * 30)}" height="${height}" fill="${main}"/>`,
        );
        for (let wy = H - height + 20; wy < H - 30; wy += 40)
          if (random() > 0.45)
            blocks.push(
              `<rect x="${x + 14}" y="${wy}" width="14" height="18" fill="#ffe9a8" opacity="0.85"/>`,
            );
      }
      return [sky(accent, '#f8e1c8'), ...blocks].join('');
    }
    case 'garden': {
      const flowers: string[] = [];
      for (let i = 0; i < 60; i++) {
        const x = Math.floor(random() * W);
        const y = 430 + Math.floor(random() * 230);
        const r = 8 + Math.floor(random() * 10);
        flowers.push(
          `<line x1="${x}" y1="${y}" x2="${x}" y2="${y + 40}" stroke="#2f6b2f" stroke-width="3"/><circle cx="${x}" cy="${y}" r="${r}" fill="${random() > 0.5 ? main : accent}"/><circle cx="${x}" cy="${y}" r="${r / 3}" fill="#fff3b0"/>`,
        );
      }
      return [sky('#e0f2fe', '#f0fdf4'), ridge(440, 12, 3, '#6aa84f'), ...flowers].join('');
    }
    case 'desert':
      return [
        sky(accent, '#fde68a'),
        `<circle cx="900" cy="210" r="80" fill="#fff1b8"/>`,
        ridge(420, 30, 1.4, main, 1).replace('/>', ' opacity="0.7"/>'),
        ridge(500, 40, 1.9, main, 3),
      ].join('');
    case 'night': {
      const stars: string[] = [];
      for (let i = 0; i < 90; i++)
        stars.push(
          `<circle cx="${Math.floor(random() * W)}" cy="${Math.floor(random() * 420)}" r="${(1 + random() * 2).toFixed(1)}" fill="#ffffff" opacity="${(0.4 + random() * 0.6).toFixed(2)}"/>`,
        );
      return [
        sky('#0b1026', main),
        ...stars,
        `<circle cx="920" cy="150" r="56" fill="#f5f3ce"/><circle cx="945" cy="135" r="52" fill="#0b1026" opacity="0.85"/>`,
        ridge(520, 25, 2.5, accent, 2),
      ].join('');
    }
  }
}

/** A post's picture: a 1200×675 PNG of the scene. */
export async function scenePicture(scene: Scene, colours: readonly [string, string], seed: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${sceneSvg(scene, colours, seed)}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A member's picture: a 600×600 PNG, a figure's head and shoulders on their colours. */
export async function portraitPicture(colours: readonly [string, string], seed: string) {
  const random = sequence(seed);
  const [from, to] = colours;
  const skin = ['#f1c7a5', '#e0ac83', '#c68863', '#8d5a3b', '#f6d5bd'][Math.floor(random() * 5)];
  const hair = ['#2b1d14', '#5a3a22', '#a0522d', '#d9b26f', '#9e9e9e'][Math.floor(random() * 5)];
  const shirt = ['#ffffff', '#1f2937', '#7c3aed', '#0f766e', '#b91c1c'][Math.floor(random() * 5)];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="600" height="600" fill="url(#bg)"/><path d="M90 600 C110 440 200 400 300 400 C400 400 490 440 510 600 Z" fill="${shirt}"/><rect x="262" y="330" width="76" height="90" rx="30" fill="${skin}"/><ellipse cx="300" cy="255" rx="105" ry="125" fill="${skin}"/><path d="M190 250 C185 140 250 110 300 110 C370 110 420 150 410 250 C395 195 350 170 300 175 C245 178 205 200 190 250 Z" fill="${hair}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
