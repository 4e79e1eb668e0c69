import {
  CreatePostRequest,
  POST_CONTENT_MAX,
  UpdatePostRequest,
  withoutInvisibleControls,
  type PostDestination,
  type PostPrivacy,
} from '@mepedia/contracts';
import type { Resolver } from 'react-hook-form';
import { contentTextLength, remainingCharacters } from '../components/editor/content';
import { contractResolver, type ExtraChecks } from './contract-form';

// The writing page's form: what it sends is checked with the create or update call's contract
// (libs/contracts/src/posts.ts), so a rule changed there changes the form. The story's length is
// counted in text, markup left out, as the service counts it: the one check of the form's own.

export type PostValues = {
  title: string;
  /** The editor's HTML. */
  content: string;
  /** The uploaded picture's address; empty until one is. */
  image: string;
  credit: string;
  privacy: PostPrivacy;
  destination: PostDestination;
};

/** What the form sends of a post, with or without its privacy (set apart once it exists). */
export type SentPost = Omit<CreatePostRequest, 'questionId' | 'privacy'> & {
  privacy?: PostPrivacy;
};

/**
 * What the member sees, without the invisible controls the service refuses (pasted text carries
 * them, and a questionnaire post may hold them from its answer).
 */
function sent(values: PostValues) {
  return {
    title: withoutInvisibleControls(values.title).trim(),
    content: withoutInvisibleControls(values.content.replace(/\r\n?/g, '\n')),
    image: values.image,
    credit: withoutInvisibleControls(values.credit).trim(),
    destination: values.destination,
  };
}

/** The story's text, markup not counted: empty, too short or too long. */
const storyLength: ExtraChecks<PostValues> = ({ content }) => {
  const length = contentTextLength(content);
  if (length === 0) return { content: 'FIELD_REQUIRED' };
  if (remainingCharacters(content) > 0) return { content: 'CONTENT_TOO_SHORT' };
  if (length > POST_CONTENT_MAX) return { content: 'TOO_LONG' };
  return {};
};

/** A new post: CreatePostRequest, its privacy chosen on the form. */
export const newPostResolver = contractResolver(
  CreatePostRequest,
  (values: PostValues) => ({ ...sent(values), privacy: values.privacy }),
  storyLength,
) as unknown as Resolver<PostValues, unknown, SentPost>;

/** A post edited: UpdatePostRequest (its privacy changes apart, not with the form). */
export function editPostResolver(postId: string): Resolver<PostValues, unknown, SentPost> {
  return contractResolver(
    UpdatePostRequest,
    (values: PostValues) => ({ postId, ...sent(values) }),
    storyLength,
  ) as unknown as Resolver<PostValues, unknown, SentPost>;
}
