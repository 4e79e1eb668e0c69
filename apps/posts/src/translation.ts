import { createHash } from 'node:crypto';
import type { Language, TranslateOutputResponse } from '@mepedia/contracts';
import { AppError } from '@mepedia/server-http';
import type { TranslationBudgetKeeper } from './translation-budget';
import { normalizeLanguage, PartlyTranslated, type Translator } from './translation-providers';
import type { TranslationsRepository } from './translations.repository';

export {
  GoogleTranslator,
  TranslationOff,
  type Translated,
  type Translator,
} from './translation-providers';

/** Google's recommended request size; longer texts are split between block elements. */
export const CHUNK_LIMIT = 5000;

export function splitForTranslation(text: string, limit = CHUNK_LIMIT): string[] {
  if (text.length <= limit) return [text];
  // Cut after closing block tags, else after sentence ends, else hard.
  const pieces = text.split(/(?<=<\/(?:p|h[2-4]|li|ul|ol|blockquote)>)|(?<=[.!?]\s)/i);
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current.length + piece.length > limit && current) {
      chunks.push(current);
      current = '';
    }
    if (piece.length > limit) {
      for (let i = 0; i < piece.length; i += limit) chunks.push(piece.slice(i, i + limit));
      continue;
    }
    current += piece;
  }
  if (current) chunks.push(current);
  return chunks;
}

export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** How old a stored translation must be before `forceCheck` pays the provider again. */
export const RECHECK_AFTER_MS = 24 * 60 * 60 * 1000;

/** Letters of a text without its markup and character references. */
function letters(html: string): { hebrew: number; latin: number } {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&[#\w]+;/g, ' ');
  return {
    hebrew: (text.match(/[\u05D0-\u05EA]/g) ?? []).length,
    latin: (text.match(/[A-Za-z]/g) ?? []).length,
  };
}

/**
 * Whether a text is plainly Hebrew already (its script tells), so a translation into Hebrew
 * would cost and change nothing. Any other case is for the provider to detect.
 */
export function plainlyIn(html: string, target: Language): boolean {
  if (target !== 'he') return false;
  const { hebrew, latin } = letters(html);
  return hebrew > 0 && hebrew >= 4 * latin;
}

/**
 * translateOutput: cached by (text hash, target); a changed text hashes anew. forceCheck asks
 * again only for a translation older than RECHECK_AFTER_MS, once per period: each ask is paid.
 * What goes to the provider is first counted against the member's and the site's daily
 * character budgets (TranslationBudgetKeeper); what the store answers is free. A text the
 * provider says is already in the target language is answered unchanged.
 */
export class TranslationService {
  private prunedOn: string | null = null;

  constructor(
    private readonly repository: TranslationsRepository,
    private readonly translator: Translator,
    private readonly budget: TranslationBudgetKeeper,
  ) {}

  /** Whether a provider is configured at all. */
  get available(): boolean {
    return this.translator.kind !== 'off';
  }

  async translate(
    output: string,
    target: Language,
    userId: string,
    forceCheck = false,
  ): Promise<TranslateOutputResponse> {
    if (plainlyIn(output, target)) return { output, source: target, target, cached: false };
    const hash = textHash(output);
    const cached = await this.repository.find(hash, target);
    if (!cached) return this.fresh(output, hash, target, userId);
    const now = new Date();
    const staleBefore = new Date(now.getTime() - RECHECK_AFTER_MS);
    // The claim lets one caller re-ask however many force at once; the rest get the cache.
    if (!forceCheck || !(await this.repository.claimRecheck(hash, target, staleBefore, now)))
      return {
        output: cached.output,
        source: normalizeLanguage(cached.source),
        target,
        cached: true,
      };
    try {
      return await this.fresh(output, hash, target, userId);
    } catch (error) {
      await this.repository.releaseRecheck(hash, target, now, cached.createdAt);
      throw error;
    }
  }

  private async fresh(
    output: string,
    hash: string,
    target: Language,
    userId: string,
  ): Promise<TranslateOutputResponse> {
    if (!this.available) throw new AppError('TRANSLATION_UNAVAILABLE');
    const characters = output.length;
    const { day } = await this.budget.reserve(userId, characters);
    if (this.prunedOn !== day) {
      this.prunedOn = day;
      await this.budget.prune();
    }
    let results;
    try {
      results = await this.translator.translate(splitForTranslation(output), target);
    } catch (error) {
      // Only what never reached the provider is given back: a call that failed after some of
      // its requests were answered (and billed) keeps those characters spent.
      const billed = error instanceof PartlyTranslated ? error.billedCharacters : 0;
      const unsent = Math.max(characters - billed, 0);
      if (unsent > 0) await this.budget.refund(userId, unsent, day);
      throw error;
    }
    const source = results[0]?.source ?? null;
    // Already in the target language: the text itself, not the provider's rewording of it.
    const translated = source === target ? output : results.map((result) => result.text).join('');
    await this.repository.save({ textHash: hash, target, source, output: translated });
    return { output: translated, source, target, cached: false };
  }
}
