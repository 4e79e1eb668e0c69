import type { Audience } from '@mepedia/contracts';
import { useCallback, useEffect, useRef } from 'react';

/**
 * What a remembered audience is for: a new post, a new questionnaire answer, or a new answer to
 * one of the member's own (private) questions, which starts from "Only me" rather than Everyone.
 */
export type AudienceKind = 'post' | 'answer' | 'privateAnswer';

const KNOWN: readonly string[] = ['private', 'circle', 'members', 'public'];

/** Per member too: two people sharing a browser each start from their own last choice. */
export function lastAudienceKey(kind: AudienceKind, memberId: string): string {
  return `mepedia.audience.${memberId}.${kind}`;
}

/** The audience the member chose last for this kind of item, or null (none, or unreadable). */
export function readLastAudience(kind: AudienceKind, memberId: string): Audience | null {
  try {
    const stored = window.localStorage.getItem(lastAudienceKey(kind, memberId));
    return stored !== null && KNOWN.includes(stored) ? (stored as Audience) : null;
  } catch {
    // Storage refused (a private window, a full disk): the page's own default stays.
    return null;
  }
}

export function rememberAudience(kind: AudienceKind, memberId: string, audience: Audience): void {
  try {
    window.localStorage.setItem(lastAudienceKey(kind, memberId), audience);
  } catch {
    // Not remembered: next time starts from the page's default, which is no harm.
  }
}

/**
 * "Defaulting to what the member used last" (issue 34): a new post or a new answer starts from
 * the audience the member chose last for that kind of item. The server draws the page with its
 * own default (it cannot read the browser's storage); once the page is up, the remembered one is
 * put in (`apply`), unless the member has already touched the control. Returns what the control
 * calls when the member chooses: that choice is remembered, and nothing is put in after it.
 * `fresh`: the item is new (an existing one shows its own audience, and is never changed here).
 */
export function useLastAudience({
  kind,
  memberId,
  fresh,
  apply,
}: {
  kind: AudienceKind;
  memberId: string | null;
  fresh: boolean;
  apply: (audience: Audience) => void;
}): (audience: Audience) => void {
  const touched = useRef(false);
  const applyNow = useRef(apply);
  applyNow.current = apply;
  // Once, after the page is hydrated (effects do not run on the server): what the page opened
  // with is new or not, and a later answer from the server does not make it new again.
  const start = useRef({ kind, memberId, fresh });
  useEffect(() => {
    const { kind: startKind, memberId: member, fresh: isNew } = start.current;
    if (!isNew || member === null || touched.current) return;
    const last = readLastAudience(startKind, member);
    if (last !== null) applyNow.current(last);
  }, []);
  return useCallback(
    (audience: Audience) => {
      touched.current = true;
      if (memberId !== null) rememberAudience(kind, memberId, audience);
    },
    [kind, memberId],
  );
}
