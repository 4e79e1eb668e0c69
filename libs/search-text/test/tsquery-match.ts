import { documentVector, queryTerms, toTsQuery } from '../src';

// PostgreSQL's `tsvector @@ tsquery` for the literals this library writes, so the unit tests can
// say "this query finds this document" of the very strings the database will get, without one.
// The parser is strict: anything it does not know (an operator from a member's input, an
// unquoted lexeme, text left over) throws, so a test passing through it also shows the literal
// is well formed.

/** A tsvector literal (`'lexeme':1,2A 'other':3`) as lexeme -> positions. */
export function parseVector(literal: string): Map<string, number[]> {
  const vector = new Map<string, number[]>();
  const reader = new Reader(literal);
  reader.skipSpace();
  while (!reader.done()) {
    const lexeme = reader.lexeme();
    const positions: number[] = [];
    if (reader.take(':')) {
      do {
        const digits = reader.match(/^\d+/);
        if (!digits) throw new Error(`position expected at ${reader.rest()}`);
        positions.push(Number(digits));
        reader.match(/^[ABCD]/);
      } while (reader.take(','));
    }
    vector.set(lexeme, [...(vector.get(lexeme) ?? []), ...positions]);
    reader.skipSpace();
  }
  return vector;
}

type Node =
  | { kind: 'lexeme'; text: string; prefix: boolean }
  | { kind: 'or' | 'and' | 'phrase'; children: Node[] };

/** A tsquery literal of toTsQuery's operators (| & <-> parentheses, :*) as a tree. */
export function parseQuery(literal: string): Node {
  const reader = new Reader(literal);
  const node = or(reader);
  reader.skipSpace();
  if (!reader.done()) throw new Error(`unexpected ${reader.rest()}`);
  return node;
}

function or(reader: Reader): Node {
  const children = [and(reader)];
  while (reader.takeOperator('|')) children.push(and(reader));
  return children.length === 1 ? children[0]! : { kind: 'or', children };
}

function and(reader: Reader): Node {
  const children = [phrase(reader)];
  while (reader.takeOperator('&')) children.push(phrase(reader));
  return children.length === 1 ? children[0]! : { kind: 'and', children };
}

function phrase(reader: Reader): Node {
  const children = [primary(reader)];
  while (reader.takeOperator('<->')) children.push(primary(reader));
  return children.length === 1 ? children[0]! : { kind: 'phrase', children };
}

function primary(reader: Reader): Node {
  if (reader.takeOperator('(')) {
    const node = or(reader);
    if (!reader.takeOperator(')')) throw new Error(`) expected at ${reader.rest()}`);
    return node;
  }
  reader.skipSpace();
  const text = reader.lexeme();
  return { kind: 'lexeme', text, prefix: reader.take(':*') };
}

/** Whether the query matches the vector, as `@@` does. */
export function tsMatch(vectorLiteral: string, queryLiteral: string | null): boolean {
  if (queryLiteral === null) return false;
  const vector = parseVector(vectorLiteral);
  return matches(vector, parseQuery(queryLiteral));
}

function matches(vector: Map<string, number[]>, node: Node): boolean {
  switch (node.kind) {
    case 'and':
      return node.children.every((child) => matches(vector, child));
    case 'or':
      return node.children.some((child) => matches(vector, child));
    case 'lexeme':
    case 'phrase':
      return positions(vector, node).size > 0;
  }
}

/** Where a lexeme, an OR of them or a phrase ends in the document. */
function positions(vector: Map<string, number[]>, node: Node): Set<number> {
  switch (node.kind) {
    case 'lexeme':
      return new Set(
        [...vector].flatMap(([lexeme, at]) =>
          node.prefix ? (lexeme.startsWith(node.text) ? at : []) : lexeme === node.text ? at : [],
        ),
      );
    case 'or':
      return new Set(node.children.flatMap((child) => [...positions(vector, child)]));
    case 'phrase': {
      let ends = positions(vector, node.children[0]!);
      for (const child of node.children.slice(1)) {
        const next = positions(vector, child);
        ends = new Set([...ends].filter((at) => next.has(at + 1)).map((at) => at + 1));
      }
      return ends;
    }
    case 'and':
      throw new Error('& inside a phrase is not what toTsQuery writes');
  }
}

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  done(): boolean {
    return this.at >= this.text.length;
  }

  rest(): string {
    return JSON.stringify(this.text.slice(this.at, this.at + 20));
  }

  skipSpace(): void {
    while (this.text[this.at] === ' ') this.at += 1;
  }

  take(token: string): boolean {
    if (!this.text.startsWith(token, this.at)) return false;
    this.at += token.length;
    return true;
  }

  takeOperator(token: string): boolean {
    this.skipSpace();
    return this.take(token);
  }

  match(pattern: RegExp): string | null {
    const found = pattern.exec(this.text.slice(this.at));
    if (!found) return null;
    this.at += found[0].length;
    return found[0];
  }

  /** A quoted lexeme: '' is a quote, a backslash escapes the next character. */
  lexeme(): string {
    if (!this.take("'")) throw new Error(`quoted lexeme expected at ${this.rest()}`);
    let lexeme = '';
    for (;;) {
      const char = this.text[this.at];
      if (char === undefined) throw new Error('unclosed lexeme');
      this.at += 1;
      if (char === '\\') {
        lexeme += this.text[this.at] ?? '';
        this.at += 1;
      } else if (char === "'") {
        if (this.text[this.at] !== "'") break;
        lexeme += "'";
        this.at += 1;
      } else lexeme += char;
    }
    if (lexeme.length === 0) throw new Error('empty lexeme');
    return lexeme;
  }
}

/**
 * Whether a member's query finds a document, through the literals the database gets
 * (documentVector, toTsQuery). Whole words unless `typing`.
 */
export function finds(
  query: string,
  document: string,
  options: { typing?: boolean } = {},
): boolean {
  return tsMatch(
    documentVector(document),
    toTsQuery(queryTerms(query, { typing: options.typing ?? false })),
  );
}
