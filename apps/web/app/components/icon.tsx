import type { LucideIcon } from 'lucide-react';

/**
 * An icon from the one set the site uses (lucide), always decorative: the control around it has
 * the name. `directional` icons (arrows, chevrons) point the way the page reads, mirrored in RTL.
 */
export function Icon({
  icon: Glyph,
  size = 20,
  directional = false,
}: {
  icon: LucideIcon;
  size?: number;
  directional?: boolean;
}) {
  return (
    <Glyph
      className={directional ? 'icon icon-directional' : 'icon'}
      size={size}
      strokeWidth={1.75}
      aria-hidden="true"
      focusable="false"
    />
  );
}
