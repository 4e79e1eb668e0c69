/** Cropped image first, then the original: the image to show for a member. */
export function resolveProfileImage(user: {
  croppedProfileImage: string | null;
  profileImage: string | null;
}): string | null {
  return user.croppedProfileImage ?? user.profileImage;
}
