import {
  TYPE,
  parse,
  type MessageFormatElement,
  type ParserOptions,
} from '@formatjs/icu-messageformat-parser';

export type { MessageFormatElement };

/**
 * A message as a catalogue holds it: ICU MessageFormat text, or that text already parsed (the
 * web app's build parses its catalogues, and the web server the overrides it accepts, so the
 * browser carries no parser).
 */
export type MessageSource = string | MessageFormatElement[];

/**
 * How every message is read, wherever it is read. A tag (`<b>`) is text: the interface shows
 * text as text. A plural or select without `other` is refused.
 */
export const PARSE_OPTIONS: ParserOptions = { ignoreTag: true, requiresOtherClause: true };

// Text with none of these is its own message: nothing to parse. The web app's build keeps such
// messages as text (apps/web/vite-messages.ts reads them the same way).
const ICU_SYNTAX = /[{}']/;

export function isPlainText(source: string): boolean {
  return !ICU_SYNTAX.test(source);
}

export class MessageSyntaxError extends Error {}

/** The message parsed, or a MessageSyntaxError that says what and where. */
export function parseMessage(source: string): MessageFormatElement[] {
  let elements: MessageFormatElement[];
  try {
    elements = parse(source, PARSE_OPTIONS);
  } catch (error) {
    const at = (error as { location?: { start?: { offset?: number } } }).location?.start?.offset;
    const what = error instanceof Error ? error.message : String(error);
    throw new MessageSyntaxError(`${what}${at === undefined ? '' : ` at ${at}`}`);
  }
  strict(source, elements);
  return elements;
}

const NUMBER_STYLES = new Set(['integer', 'percent', 'currency']);
const DATE_STYLES = new Set(['short', 'medium', 'long', 'full']);

/**
 * What the parser forgives but a catalogue should not hold: a brace left as text (a stray `}`,
 * or an option list after a `date` that reads as its style) and a style the formatter does not
 * know (it would fall back to the plain format without a word).
 */
function strict(source: string, elements: MessageFormatElement[]): void {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.literal:
        // Quoted braces ('{') are text on purpose; a message that quotes is taken at its word.
        if (/[{}]/.test(element.value) && !source.includes("'"))
          throw new MessageSyntaxError(
            `a brace that is not part of an argument: "${element.value}"`,
          );
        break;
      case TYPE.number:
        if (typeof element.style === 'string' && !NUMBER_STYLES.has(element.style))
          throw new MessageSyntaxError(
            `a number style the formatter does not know: "${element.style}"`,
          );
        break;
      case TYPE.date:
      case TYPE.time:
        if (typeof element.style === 'string' && !DATE_STYLES.has(element.style))
          throw new MessageSyntaxError(
            `a ${element.type === TYPE.date ? 'date' : 'time'} style the formatter does not know: "${element.style}"`,
          );
        break;
      case TYPE.select:
      case TYPE.plural:
        for (const option of Object.values(element.options)) strict(source, option.value);
        break;
      case TYPE.tag:
        strict(source, element.children);
        break;
      case TYPE.argument:
      case TYPE.pound:
        break;
    }
  }
}

/**
 * How a message uses an argument: `any` prints it as given (`{name}`), `text` chooses by it
 * (`select`), `number` counts or formats it (`plural`, `selectordinal`, `number`), `date` formats
 * it as a date or time.
 */
export type ArgumentKind = 'any' | 'text' | 'number' | 'date';

/** The arguments a message uses, each with the most telling way it is used. */
export function messageArguments(source: MessageSource): Map<string, ArgumentKind> {
  const found = new Map<string, ArgumentKind>();
  const note = (name: string, kind: ArgumentKind) => {
    if (found.get(name) === undefined || found.get(name) === 'any') found.set(name, kind);
  };
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
          note(element.value, 'any');
          break;
        case TYPE.select:
          note(element.value, 'text');
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.plural:
          note(element.value, 'number');
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.number:
          note(element.value, 'number');
          break;
        case TYPE.date:
        case TYPE.time:
          note(element.value, 'date');
          break;
        case TYPE.tag:
          walk(element.children);
          break;
        case TYPE.literal:
        case TYPE.pound:
          break;
      }
    }
  };
  walk(typeof source === 'string' ? parseMessage(source) : source);
  return found;
}

/** Whether an argument used as `use` may stand where the reference message uses it as `given`. */
function fits(use: ArgumentKind, given: ArgumentKind): boolean {
  switch (use) {
    case 'any':
      return true;
    case 'text':
      return given !== 'date';
    case 'number':
    case 'date':
      return use === given;
  }
}

/**
 * Why `source` is not a usable message, or null when it is: its ICU syntax, and, given the
 * message it stands for (`reference`: the English text of the key, or the built-in message an
 * override replaces), an argument that message does not have or uses otherwise (it would print
 * nothing, or count a name). Leaving an argument out is allowed: Hebrew says "two" without `#`.
 */
export function messageProblem(source: MessageSource, reference?: MessageSource): string | null {
  if (typeof source === 'string' && source.trim() === '') return 'no text';
  let used: Map<string, ArgumentKind>;
  try {
    used = messageArguments(source);
  } catch (error) {
    if (error instanceof MessageSyntaxError) return `ICU syntax: ${error.message}`;
    throw error;
  }
  if (reference === undefined) return null;
  let expected: Map<string, ArgumentKind>;
  try {
    expected = messageArguments(reference);
  } catch {
    return 'the message it stands for cannot be read';
  }
  const unknown = [...used.keys()].filter((name) => !expected.has(name));
  if (unknown.length > 0) return `placeholders the message does not have: ${unknown.join(', ')}`;
  const misused = [...used].filter(([name, kind]) => !fits(kind, expected.get(name)!));
  if (misused.length > 0)
    return `placeholders used as another kind of value: ${misused
      .map(([name, kind]) => `${name} (${kind}, the message's is ${expected.get(name)})`)
      .join(', ')}`;
  return null;
}
