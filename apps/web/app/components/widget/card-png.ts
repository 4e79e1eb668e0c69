import { textLang } from '../../lib/text-lang';
import type { WidgetCard, WidgetPalette } from './card';

/** The picture's size in CSS pixels; drawn at twice that, for sharp screens and print. */
const WIDTH = 340;
const SCALE = 2;
const PADDING = 28;

/** The card's own words: how much there is to read, and the call to read it. */
export type CardTexts = { answers: string; read: string };

/** The call to read, as the card's page draws its link: a pill in the accent colour. */
const PILL = { height: 40, padding: 18, gap: 14, font: 13 } as const;

/** Lines of `text` no wider than `width` in the context's current font (words kept whole). */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const whole of text.split(/\s+/u).filter(Boolean)) {
    // A word wider than the card (an address) is cut where it must be.
    let word = whole;
    while (context.measureText(word).width > width && word.length > 1) {
      let cut = word.length - 1;
      while (cut > 1 && context.measureText(word.slice(0, cut)).width > width) cut -= 1;
      if (line) lines.push(line);
      lines.push(word.slice(0, cut));
      line = '';
      word = word.slice(cut);
    }
    const tried = line ? `${line} ${word}` : word;
    if (line && context.measureText(tried).width > width) {
      lines.push(line);
      line = word;
    } else line = tried;
  }
  if (line) lines.push(line);
  return lines;
}

function roundedRect(c: CanvasRenderingContext2D, x: number, y: number, w: number, h: number) {
  const r = 16;
  c.beginPath();
  c.moveTo(x + r, y);
  c.arcTo(x + w, y, x + w, y + h, r);
  c.arcTo(x + w, y + h, x, y + h, r);
  c.arcTo(x, y + h, x, y, r);
  c.arcTo(x, y, x + w, y, r);
  c.closePath();
}

function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = src;
  });
}

/**
 * The card as a PNG, drawn in the browser with the page's own fonts: each line of member text in
 * its own direction (a Hebrew motto reads right to left on an English card, and the reverse), the
 * picture in its circle, and the call to read the story on Mepedia where the page has its link
 * (a picture cannot link; the call names the site to look the member up on). The faces are the
 * site's (`font` and `serif`), loaded before anything is measured.
 */
export async function cardPng(
  card: WidgetCard,
  options: {
    palette: WidgetPalette;
    imageSrc: string | null;
    texts: CardTexts;
    /** The page's sans and serif families (`--font-sans`, `--font-serif`). */
    font: string;
    serif: string;
  },
): Promise<Blob> {
  const { palette, imageSrc, texts, font, serif } = options;
  const image = imageSrc ? await loadImage(imageSrc) : null;
  const measure = document.createElement('canvas').getContext('2d');
  if (!measure) throw new Error('no canvas');
  const inner = WIDTH - PADDING * 2;

  // The blocks of text, top to bottom, with their fonts: measured first to know the height.
  const blocks: Array<{ text: string; font: string; colour: string; gap: number }> = [
    {
      text: card.name,
      font: `700 22px ${palette.serif ? serif : font}`,
      colour: palette.ink,
      gap: 10,
    },
    ...(card.motto
      ? [
          {
            text: card.motto,
            // Hebrew is never slanted (it has no italics); an English motto keeps them.
            font: `${textLang(card.motto) === 'he' ? '' : 'italic '}16px ${font}`,
            colour: palette.ink,
            gap: 6,
          },
        ]
      : []),
    ...(card.about
      ? [{ text: card.about, font: `14px ${font}`, colour: palette.muted, gap: 6 }]
      : []),
    { text: texts.answers, font: `14px ${font}`, colour: palette.muted, gap: 6 },
  ];
  const pillFont = `600 ${PILL.font}px ${font}`;
  // The site's faces load only when a page uses their letters: ask for these words' before
  // measuring (a face that cannot load leaves the next one in the list, as on the page).
  await Promise.all(
    [...blocks, { text: texts.read, font: pillFont }].map((block) =>
      document.fonts.load(block.font, block.text).catch(() => []),
    ),
  );
  const laidOut = blocks.map((block) => {
    measure.font = block.font;
    const size = Number(/(\d+)px/.exec(block.font)?.[1] ?? 16);
    return {
      ...block,
      lines: wrap(measure, block.text, inner),
      lineHeight: Math.round(size * 1.4),
    };
  });
  const textHeight = laidOut.reduce(
    (sum, block) => sum + block.gap + block.lines.length * block.lineHeight,
    0,
  );
  const height = PADDING + 96 + textHeight + PILL.gap + PILL.height + PADDING + 12;

  const canvas = document.createElement('canvas');
  canvas.width = WIDTH * SCALE;
  canvas.height = height * SCALE;
  const c = canvas.getContext('2d');
  if (!c) throw new Error('no canvas');
  c.scale(SCALE, SCALE);
  c.fillStyle = palette.bg;
  c.fillRect(0, 0, WIDTH, height);
  roundedRect(c, 6, 6, WIDTH - 12, height - 12);
  c.fillStyle = palette.card;
  c.fill();
  c.strokeStyle = palette.line;
  c.lineWidth = 1;
  c.stroke();

  // The picture, or the initials on a tinted disc.
  const centre = WIDTH / 2;
  const top = PADDING;
  c.save();
  c.beginPath();
  c.arc(centre, top + 48, 48, 0, Math.PI * 2);
  c.closePath();
  c.fillStyle = palette.soft;
  c.fill();
  if (image) {
    c.clip();
    const side = Math.min(image.naturalWidth, image.naturalHeight);
    c.drawImage(
      image,
      (image.naturalWidth - side) / 2,
      (image.naturalHeight - side) / 2,
      side,
      side,
      centre - 48,
      top,
      96,
      96,
    );
  } else {
    const words = card.name.trim().split(/\s+/u);
    const initials = `${words[0]?.[0] ?? ''}${words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''}`;
    c.fillStyle = palette.accent;
    c.font = `600 32px ${font}`;
    c.textAlign = 'center';
    c.textBaseline = 'middle';
    c.fillText(initials.toUpperCase(), centre, top + 48);
  }
  c.restore();

  c.textAlign = 'center';
  c.textBaseline = 'top';
  let y = top + 96;
  for (const block of laidOut) {
    y += block.gap;
    c.font = block.font;
    c.fillStyle = block.colour;
    c.direction = textLang(block.text) === 'he' ? 'rtl' : 'ltr';
    for (const line of block.lines) {
      c.fillText(line, centre, y);
      y += block.lineHeight;
    }
  }

  // The call to read, in its pill, under the text.
  y += PILL.gap;
  c.font = pillFont;
  c.direction = textLang(texts.read) === 'he' ? 'rtl' : 'ltr';
  const pillWidth = Math.min(inner, c.measureText(texts.read).width + PILL.padding * 2);
  c.beginPath();
  c.roundRect(centre - pillWidth / 2, y, pillWidth, PILL.height, PILL.height / 2);
  c.fillStyle = palette.accent;
  c.fill();
  c.fillStyle = palette.card;
  c.textBaseline = 'middle';
  c.fillText(texts.read, centre, y + PILL.height / 2, inner - PILL.padding);

  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no picture'))), 'image/png'),
  );
}
