import { z } from 'zod';
import { Language } from './language';
import { hasInvisibleControls } from './invisible-controls';
import { requiredText } from './validation';
import { optionalCount, requiredEnum } from './zod-helpers';
import { ImageReference } from './files';
import { ItemModeration } from './item-moderation';

/**
 * Who may read a post (issue 34): the spec's `public` (everyone) and `private` (only its author),
 * and our addition's `circle` (the author's circle) and `members` (anyone signed in). The order
 * is the spec's two first, so a client that knows only those is unaffected. See `Audience`.
 */
export const POST_PRIVACIES = ['public', 'private', 'circle', 'members'] as const;
/**
 * Where a public post appears: on its author's profile, or there and in the magazine. The
 * magazine holds only posts everyone may read: a post of a narrower audience keeps its
 * destination but is in no one's magazine but its author's own view, until it is public again.
 */
export const POST_DESTINATIONS = ['profile', 'magazine'] as const;
export const POST_TITLE_MAX = 150;
/** Content needs at least this many characters of text (markup not counted). */
export const POST_CONTENT_MIN = 100;
export const POST_CONTENT_MAX = 50_000;
export const POST_CREDIT_MAX = 200;
export const POSTS_PAGE_SIZE = 10;
export const POSTS_MAX_PAGE_SIZE = 50;
export const POST_EXCERPT_LENGTH = 280;

export const PostPrivacy = requiredEnum(POST_PRIVACIES);
export type PostPrivacy = z.infer<typeof PostPrivacy>;
export const PostDestination = requiredEnum(POST_DESTINATIONS);
export type PostDestination = z.infer<typeof PostDestination>;

const ONE_LINE_RULES =
  'line breaks and runs of spaces become one space. Control characters and the bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) are refused: UNSUPPORTED_CHARACTER (a client may remove them before sending).';

/** A title's or credit's rules on one line, whatever its length rules. */
function oneLine(text: z.ZodString) {
  return text
    .transform((line) => line.replace(/\s+/g, ' '))
    .refine((line) => !hasInvisibleControls(line), 'UNSUPPORTED_CHARACTER');
}

/**
 * A title or credit: plain text on one line, kept as typed (`<` and `>` too: every page shows it
 * as text), runs of white space made one space. Invisible controls are refused, not removed.
 */
function plainLine(max: number, what: string) {
  return oneLine(requiredText(max)).meta({
    minLength: 1,
    maxLength: max,
    description: `${what}: plain text, never markup, 1 to ${max} characters once trimmed (FIELD_REQUIRED, TOO_LONG); ${ONE_LINE_RULES}`,
  });
}

/** A draft's title or credit: a post's rules, but it may be empty (a draft is unfinished). */
function draftLine(max: number, what: string) {
  return oneLine(z.string({ error: 'INVALID_VALUE' }).trim().max(max, 'TOO_LONG')).meta({
    maxLength: max,
    description: `${what}: plain text, never markup, at most ${max} characters once trimmed (TOO_LONG); empty while unfinished; ${ONE_LINE_RULES}`,
  });
}

const PostFields = {
  title: plainLine(POST_TITLE_MAX, 'The title'),
  /** Rich text (HTML); stored sanitized, see docs/api/posts.md. */
  content: z
    .string({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'INVALID_VALUE') })
    .min(1, 'FIELD_REQUIRED')
    .max(POST_CONTENT_MAX * 4, 'TOO_LONG')
    .describe(
      `Rich text (HTML), stored sanitized: its text (markup not counted) must hold ${POST_CONTENT_MIN} to ${POST_CONTENT_MAX} characters (CONTENT_TOO_SHORT, TOO_LONG). Control characters other than tab and line breaks, and the bidirectional embedding, override and isolate controls, typed or as character references, are refused: UNSUPPORTED_CHARACTER.`,
    ),
  image: ImageReference,
  credit: plainLine(POST_CREDIT_MAX, 'Who the image is by'),
  privacy: PostPrivacy,
  destination: PostDestination.default('profile').describe(
    'Where a public post appears: its author’s profile, or there and in the magazine.',
  ),
};

export const CreatePostRequest = z.object({
  ...PostFields,
  /**
   * Never from a caller: only the me-answers projection (its meAnswer.published event) makes a
   * questionnaire post. Sent at all, it is a field error, not silently dropped.
   */
  questionId: z
    .never({ error: 'QUESTIONNAIRE_ONLY' })
    .optional()
    .describe(
      'Not accepted (QUESTIONNAIRE_ONLY): a questionnaire post is made only by publishing the answer (meAnswers/togglePublishAsPost).',
    ),
});
export type CreatePostRequest = z.input<typeof CreatePostRequest>;

export const UpdatePostRequest = z.object({
  postId: z.string().min(1, 'FIELD_REQUIRED').max(64, 'INVALID_VALUE'),
  title: PostFields.title.optional(),
  content: PostFields.content.optional(),
  image: ImageReference.optional(),
  credit: PostFields.credit.optional(),
  privacy: PostPrivacy.optional(),
  destination: PostDestination.optional(),
});
export type UpdatePostRequest = z.input<typeof UpdatePostRequest>;

export const POST_SORTS = ['mostRecent', 'oldest'] as const;

export const GetPostsRequest = z.object({
  pageNumber: optionalCount(0, 100_000),
  limit: optionalCount(0, POSTS_MAX_PAGE_SIZE),
  sortBy: z.enum(POST_SORTS, { error: 'INVALID_VALUE' }).optional(),
  publisherId: z.string().max(64, 'INVALID_VALUE').optional(),
  questionId: z.string().max(64, 'INVALID_VALUE').optional(),
  authorSearchValue: z.string().trim().max(100, 'TOO_LONG').optional(),
  topicSearchValue: z.string().trim().max(100, 'TOO_LONG').optional(),
  /** Accepted for compatibility with the spec; ignored. */
  randomIdentifier: z
    .string()
    .regex(/^[0-9a-f]{24}$/, 'INVALID_VALUE')
    .optional()
    .describe('Accepted for compatibility; ignored.'),
  /** Only posts published to the magazine (our addition). */
  magazine: z
    .boolean({ error: 'INVALID_VALUE' })
    .optional()
    .describe('Only posts published to the magazine.'),
  /**
   * The reader's language (our addition): its stories first, then the others, each part in the
   * list's usual order. Later pages by `cursor` only.
   */
  language: Language.optional().describe(
    'The reader’s language, `he` or `en`: its stories first, then the others, each part in the usual order (a story’s language is Hebrew when its title and text have more Hebrew letters than Latin ones, else English). Without it, one order for all. With it, read later pages by `cursor`: a `pageNumber` above 0 is refused (VALIDATION_FAILED, INVALID_VALUE).',
  ),
  /** Pass back the first page's `asOf` so later pages ignore newer posts (our addition). */
  asOf: z.iso
    .datetime({ error: 'INVALID_VALUE' })
    .optional()
    .describe("Pass the first page's `asOf` back so later pages ignore newer posts."),
  /**
   * Pass back `nextCursor` to read the next page by keyset, however deep (our addition); one the
   * service did not make answers INVALID_CURSOR.
   */
  cursor: z
    .string()
    .max(200, 'INVALID_VALUE')
    .optional()
    .describe(
      'Pass `nextCursor` back to read the next page by keyset, however deep; one the service did not make answers INVALID_CURSOR.',
    ),
});
export type GetPostsRequest = z.input<typeof GetPostsRequest>;

export const PostPublisher = z.object({
  id: z.string(),
  fullname: z.string(),
  profileImage: z.string().nullable(),
});

const PostBase = z.object({
  postId: z.string(),
  title: z.string(),
  image: z.string(),
  credit: z.string(),
  privacy: PostPrivacy,
  destination: PostDestination,
  publisherId: z.string(),
  publisher: PostPublisher.nullable(),
  questionId: z.string().nullable(),
  views: z.number(),
  likes: z.number(),
  shareCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Our addition (issue 35): on the publisher's own read alone, while moderation hides it. */
  moderation: ItemModeration.optional(),
});

/** In lists: a plain-text excerpt instead of the content. */
export const PostSummary = PostBase.extend({
  excerpt: z.string(),
  readingMinutes: z
    .number()
    .int()
    .describe(
      'Minutes the whole story takes to read, at least 1: its words at 200 a minute, rounded up (our addition).',
    ),
});
export type PostSummary = z.infer<typeof PostSummary>;

/** One post, whole: sanitized HTML content, and whether the caller likes it. */
export const Post = PostBase.extend({ content: z.string(), likedByMe: z.boolean() });
export type Post = z.infer<typeof Post>;

export const PostsPage = z.object({
  posts: z.array(PostSummary),
  pageNumber: z.number(),
  limit: z.number(),
  hasMore: z.boolean(),
  asOf: z.string().describe('Pass it back on later pages.'),
  nextCursor: z.string().nullable().describe('Pass it back as `cursor` for the next page.'),
});
export type PostsPage = z.infer<typeof PostsPage>;

/** A page of `what` read by keyset: how many, and the cursor the last page gave. */
function keysetPageRequest(what: 'posts' | 'drafts') {
  return z.object({
    limit: optionalCount(1, POSTS_MAX_PAGE_SIZE).describe(
      `How many ${what} a page holds (default ${POSTS_PAGE_SIZE}).`,
    ),
    cursor: z
      .string()
      .max(200, 'INVALID_VALUE')
      .optional()
      .describe(
        'Pass `nextCursor` back to read the next page; one the service did not make answers INVALID_CURSOR.',
      ),
  });
}

/**
 * "From people you follow" (issue 32, our addition): the public posts of the members the caller
 * follows, newest first, a page at a time by keyset.
 */
export const GetFollowingPostsRequest = keysetPageRequest('posts');
export type GetFollowingPostsRequest = z.input<typeof GetFollowingPostsRequest>;

export const FollowingPostsPage = z.object({
  posts: z.array(PostSummary),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable().describe('Pass it back as `cursor` for the next page.'),
});
export type FollowingPostsPage = z.infer<typeof FollowingPostsPage>;

export const PostIdRequest = z.object({
  postId: z.string().min(1, 'FIELD_REQUIRED').max(64, 'INVALID_VALUE'),
});
export const GetPostByIdRequest = PostIdRequest.extend({
  userId: z.string().max(64).optional().describe('Accepted for compatibility; ignored.'),
});
export const LikeRequest = z.object({
  id: z.string().min(1, 'FIELD_REQUIRED').max(64, 'INVALID_VALUE'),
});
export const LikeResponse = z.object({ liked: z.boolean(), likes: z.number() });
export type LikeResponse = z.infer<typeof LikeResponse>;
export const UpdatePostPrivacyRequest = PostIdRequest.extend({ privacy: PostPrivacy });
export const UpdatePostViewsRequest = PostIdRequest.extend({
  /** Accepted for compatibility with the spec; ignored: views count by the gateway's visitor id. */
  randomIdentifier: z
    .string()
    .regex(/^[0-9a-f]{24}$/, 'INVALID_VALUE')
    .optional()
    .describe('Accepted for compatibility; ignored: views count by the gateway’s visitor id.'),
});
export const ViewsResponse = z.object({
  views: z.number(),
  counted: z.boolean().describe('Whether this call counted (once per member or visitor).'),
});
export const UpdateSharePropRequest = z.object({
  objectId: z.string().min(1, 'FIELD_REQUIRED').max(64, 'INVALID_VALUE'),
});
export const ShareResponse = z.object({ shareCount: z.number() });
export const DeletePostResponse = z.object({ deleted: z.literal(true) });
export type DeletePostResponse = z.infer<typeof DeletePostResponse>;

// ---------------------------------------------------------------------------
// Drafts (issue 33, our addition): a post being written, saved as the member types, seen by its
// author alone and never listed anywhere; publishing makes it a post. docs/api/posts.md, Drafts.
// ---------------------------------------------------------------------------

/** How many drafts a member keeps at most (DRAFTS_LIMIT beyond): storage cannot be abused. */
export const POST_DRAFTS_MAX = 100;

/** A draft's id: another member's, an unknown one or one that is not an id are DRAFT_NOT_FOUND alike. */
export const DraftId = z
  .string({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'INVALID_VALUE') })
  .min(1, 'FIELD_REQUIRED')
  .max(64, 'INVALID_VALUE')
  .describe(
    'The draft’s id. Another member’s draft, an unknown id and one that is not an id all answer DRAFT_NOT_FOUND.',
  );

/** The draft version a change is based on: the `version` of the draft as the client last had it. */
export const DraftVersion = z
  .number({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'INVALID_VALUE') })
  .int('INVALID_VALUE')
  .min(0, 'INVALID_VALUE')
  .max(2_147_483_647, 'INVALID_VALUE')
  .describe(
    'The `version` of the draft as the client last had it. A change based on another version than the stored one is refused with DRAFT_STALE and changes nothing.',
  );

/**
 * Autosave: without `draftId` a new draft (version 1); with it, only the fields sent change, and
 * only if the draft is still at `version`. A draft may be unfinished (empty texts, no picture,
 * no privacy yet), but nothing in it may be longer than a post's.
 */
export const SaveDraftRequest = z
  .object({
    draftId: DraftId.optional().describe(
      'The draft to change; absent: a new draft. Another member’s, an unknown one or one that is not an id: DRAFT_NOT_FOUND.',
    ),
    version: DraftVersion.optional().describe(
      'Required with `draftId`: the `version` of the draft as the client last had it (DRAFT_STALE otherwise, and nothing changes). Ignored for a new draft.',
    ),
    title: draftLine(POST_TITLE_MAX, 'The title').optional(),
    content: z
      .string({ error: 'INVALID_VALUE' })
      .max(POST_CONTENT_MAX * 4, 'TOO_LONG')
      .optional()
      .describe(
        `Rich text (HTML), stored sanitized as a post’s: its text may be empty but not longer than ${POST_CONTENT_MAX} characters (TOO_LONG); invisible controls are refused as in a post (UNSUPPORTED_CHARACTER).`,
      ),
    image: ImageReference.nullable()
      .optional()
      .describe(
        'The `url` of an uploaded image (IMAGE_NOT_UPLOADED otherwise), or `null` to take the picture away.',
      ),
    credit: draftLine(POST_CREDIT_MAX, 'Who the image is by').optional(),
    privacy: PostPrivacy.optional(),
    destination: PostDestination.optional(),
  })
  .superRefine((body, context) => {
    if (body.draftId !== undefined && body.version === undefined)
      context.addIssue({ code: 'custom', path: ['version'], message: 'FIELD_REQUIRED' });
  });
export type SaveDraftRequest = z.input<typeof SaveDraftRequest>;

export const DraftIdRequest = z.object({ draftId: DraftId });

export const PublishDraftRequest = z.object({
  draftId: DraftId,
  version: DraftVersion,
});
export type PublishDraftRequest = z.input<typeof PublishDraftRequest>;

export const GetDraftsRequest = keysetPageRequest('drafts');
export type GetDraftsRequest = z.input<typeof GetDraftsRequest>;

const DraftBase = z.object({
  draftId: z.string(),
  title: z.string(),
  image: z.string().nullable().describe('null until a picture is chosen.'),
  credit: z.string(),
  privacy: PostPrivacy.nullable().describe('null until the author chooses.'),
  destination: PostDestination,
  version: z.number().describe('Send it back with the next change.'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** One draft, whole, as its author alone sees it. */
export const PostDraft = DraftBase.extend({ content: z.string() });
export type PostDraft = z.infer<typeof PostDraft>;

/** In the list: a plain-text excerpt instead of the content. */
export const PostDraftSummary = DraftBase.extend({ excerpt: z.string() });
export type PostDraftSummary = z.infer<typeof PostDraftSummary>;

export const PostDraftsPage = z.object({
  drafts: z.array(PostDraftSummary),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable().describe('Pass it back as `cursor` for the next page.'),
});
export type PostDraftsPage = z.infer<typeof PostDraftsPage>;

export const DeleteDraftResponse = z.object({ deleted: z.literal(true) });

/**
 * The most one translateOutput call may send: the longest post's text (POST_CONTENT_MAX) and a
 * fifth more for its markup. Each character sent to the provider is paid for; the posts service
 * also keeps daily character budgets per member and for the site (docs/api/posts.md).
 */
export const TRANSLATE_MAX = POST_CONTENT_MAX + POST_CONTENT_MAX / 5;
export const TranslateOutputRequest = z.object({
  output: z
    .string({ error: 'FIELD_REQUIRED' })
    .min(1, 'FIELD_REQUIRED')
    .max(TRANSLATE_MAX, 'TOO_LONG')
    .describe(
      `Text or HTML to translate: 1 to ${TRANSLATE_MAX} characters (FIELD_REQUIRED, TOO_LONG), enough for the longest post with its markup.`,
    ),
  target: Language,
  /** Ask the provider again, only if the stored translation is over a day old. */
  forceCheck: z
    .boolean({ error: 'INVALID_VALUE' })
    .optional()
    .describe('Ask the provider again, only if the stored translation is over a day old.'),
});
export type TranslateOutputRequest = z.input<typeof TranslateOutputRequest>;
export const TranslateOutputResponse = z.object({
  output: z.string(),
  source: z
    .string()
    .nullable()
    .describe(
      'The language the text is in, as the provider detected it (`he` for Hebrew), if it said. When it is `target`, the text was already in that language and `output` is the text unchanged.',
    ),
  target: Language,
  cached: z.boolean().describe('Answered from a stored translation.'),
});
export type TranslateOutputResponse = z.infer<typeof TranslateOutputResponse>;

export const TRANSLATION_BUDGET_SCOPES = ['member', 'site'] as const;
/** Why a translation was refused with TRANSLATION_BUDGET_SPENT. */
export const TranslationBudgetSpentDetails = z.object({
  scope: z
    .enum(TRANSLATION_BUDGET_SCOPES)
    .describe('`member`: the caller’s own daily characters are spent; `site`: the whole site’s.'),
  limit: z.number().int().describe('That budget, in characters a day.'),
  resetsAt: z.string().describe('When the next day (UTC) begins and the budget is whole again.'),
});
export type TranslationBudgetSpentDetails = z.infer<typeof TranslationBudgetSpentDetails>;

/** Whether translateOutput can work here: the web app shows Translate only when it can. */
export const TranslationStatus = z.object({
  available: z.boolean().describe('A translation provider is configured.'),
});
export type TranslationStatus = z.infer<typeof TranslationStatus>;
