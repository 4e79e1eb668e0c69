import type { PublicProfile } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { data } from 'react-router';
import type { serverApi } from './context';

/** A member's public profile for a page's loader: a 404 page when there is none (or the id is not one). */
export async function profileOr404(
  api: ReturnType<typeof serverApi>,
  profileId: string,
): Promise<PublicProfile> {
  try {
    return await api.users.getProfileById(profileId);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw data(null, { status: 404 });
    throw error;
  }
}
