import { MemberImage } from './member-image';

/** Initials of a name, in its own script: "Dana Levi" -> "DL", "יוסי כהן" -> "יכ". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

const SIZES = { sm: 32, md: 64, lg: 128 } as const;

/**
 * A member's picture, round; their initials on a tinted disc when they have none. Decorative: the
 * name is always written beside it.
 */
export function Avatar({
  name,
  image,
  size = 'md',
  loading = 'lazy',
}: {
  name: string;
  image: string | null | undefined;
  size?: keyof typeof SIZES;
  loading?: 'lazy' | 'eager';
}) {
  const pixels = SIZES[size];
  if (image)
    return (
      <MemberImage
        path={image}
        widths={pixels <= 64 ? [160] : [160, 320]}
        sizes={`${pixels}px`}
        width={pixels}
        height={pixels}
        loading={loading}
        className={`avatar avatar-${size}`}
      />
    );
  return (
    <span className={`avatar avatar-${size} avatar-initials`} aria-hidden="true">
      <bdi>{initialsOf(name)}</bdi>
    </span>
  );
}
