import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/**
 * The interface strings' catalogues (libs/web/i18n/src/messages/*.ts) are ICU text in the
 * sources and parsed messages in the build: each message that is not plain text becomes its
 * syntax tree here, so the browser formats them with intl-messageformat and no parser (the
 * client build swaps the parser for its stub, vite.config.ts). A message that does not parse
 * fails the build, naming it; the checks that need both languages are a test CI runs
 * (libs/web/i18n/src/catalogues.test.ts).
 */
const CATALOGUE = /\/libs\/web\/i18n\/src\/messages\/[\w-]+\.ts$/;

// The same reading as the formatter's (libs/messages/src/message.ts: PARSE_OPTIONS and
// isPlainText; vite-messages.test.ts holds them together): this file runs inside Vite's config,
// which cannot load the library's TypeScript through its alias.
const PARSE_OPTIONS = { ignoreTag: true, requiresOtherClause: true };
const ICU_SYNTAX = /[{}']/;

type Compiled = Record<string, string | MessageFormatElement[]>;

/** One catalogue's messages: plain text as it is, the others parsed. */
export function precompile(messages: Readonly<Record<string, string>>, where: string): Compiled {
  const compiled: Compiled = {};
  for (const [key, source] of Object.entries(messages)) {
    if (!ICU_SYNTAX.test(source)) {
      compiled[key] = source;
      continue;
    }
    try {
      compiled[key] = parse(source, PARSE_OPTIONS);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${where}: the message "${key}" is not ICU MessageFormat (${reason})`);
    }
  }
  return compiled;
}

const isMessages = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((text) => typeof text === 'string');

/**
 * A catalogue module's exports: compiled, it is `const` declarations of object literals, exported
 * where they are declared (Vite's TypeScript step) or in one list at the end (`export { a, b }`).
 */
function evaluate(code: string, where: string): Record<string, unknown> {
  const names = [...code.matchAll(/^export const (\w+)\s*=/gm)].map((match) => match[1]!);
  let body = code.replace(/^export const /gm, 'const ');
  body = body.replace(/^export\s*\{([^}]*)\};?\s*$/m, (_list, exported: string) => {
    for (const name of exported.split(',').map((part) => part.trim()))
      if (/^\w+$/.test(name)) names.push(name);
      else if (name)
        throw new Error(`${where}: a catalogue exports its messages by their own names`);
    return '';
  });
  if (/^\s*(import|export)\b/m.test(body))
    throw new Error(`${where}: a catalogue holds \`export const\` messages and imports only types`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the build's own source file
  const run = new Function(`${body}\nreturn { ${names.join(', ')} };`) as () => Record<
    string,
    unknown
  >;
  return run();
}

/**
 * A catalogue module, evaluated and written again: each export of messages as an object of
 * parsed messages, and each export that groups them (`{ en: postEn, he: postHe }`) as the same
 * group of those exports.
 */
export function precompileModule(code: string, where: string): string {
  const module = evaluate(code, where);
  const lines: string[] = [];
  const groups: string[] = [];
  const names = new Map<unknown, string>();
  for (const [name, value] of Object.entries(module)) {
    if (isMessages(value)) {
      names.set(value, name);
      // JSON is an object literal: Rollup sees no side effect, and leaves an unused one out.
      lines.push(`export const ${name} = ${JSON.stringify(precompile(value, where))};`);
    }
  }
  for (const [name, value] of Object.entries(module)) {
    if (isMessages(value)) continue;
    const members = typeof value === 'object' && value !== null ? Object.entries(value) : undefined;
    if (!members || !members.every(([, member]) => names.has(member)))
      throw new Error(`${where}: the export "${name}" is neither messages nor a group of them`);
    groups.push(
      `export const ${name} = { ${members
        .map(([key, member]) => `${JSON.stringify(key)}: ${names.get(member)}`)
        .join(', ')} };`,
    );
  }
  return [...lines, ...groups].join('\n');
}

export function precompileMessages(): Plugin {
  return {
    name: 'mepedia-precompile-messages',
    // After TypeScript is compiled away.
    enforce: 'post',
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      return { code: precompileModule(code, id), map: null };
    },
  };
}
