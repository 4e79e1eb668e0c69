import type { ReactionName } from '@mepedia/contracts';

// The five reactions, drawn here on a 24-unit grid in the page's text colour (currentColor) and
// one accent each, so they follow high-contrast and dark themes. Decorative: the button around
// an icon carries its name.

const ACCENT: Record<ReactionName, string> = {
  heart: '#d93a5b',
  clap: '#d58a12',
  laugh: '#d58a12',
  wow: '#2f7fc1',
  hug: '#8a5cc7',
};

function Face({ name, children }: { name: ReactionName; children: React.ReactNode }) {
  return (
    <>
      <circle cx="12" cy="12" r="9.25" fill={ACCENT[name]} fillOpacity="0.18" />
      <circle cx="12" cy="12" r="9.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      {children}
    </>
  );
}

const SHAPES: Record<ReactionName, React.ReactNode> = {
  heart: (
    <path
      d="M12 20.3 4.9 13.4a4.6 4.6 0 0 1 0-6.6 4.6 4.6 0 0 1 6.5 0l.6.6.6-.6a4.6 4.6 0 0 1 6.5 0 4.6 4.6 0 0 1 0 6.6Z"
      fill={ACCENT.heart}
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinejoin="round"
    />
  ),
  clap: (
    <>
      <path
        d="M8.2 20.5 4.6 15a2 2 0 0 1 .6-2.8l.2-.1L4 9.9a1.3 1.3 0 0 1 2.2-1.4l2.4 3.7-1.8-3a1.3 1.3 0 0 1 2.2-1.4l2.3 3.6-1.3-2a1.3 1.3 0 0 1 2.2-1.4l3 4.6a5.6 5.6 0 0 1-7.8 7.9Z"
        fill={ACCENT.clap}
        fillOpacity="0.35"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
      <path
        d="M15.3 4.2l.5-2M18.4 5.6l1.6-1.3M19.6 8.8l2-.2"
        stroke={ACCENT.clap}
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </>
  ),
  laugh: (
    <Face name="laugh">
      <path
        d="M7.6 9.6q1.4-1.6 2.8 0M13.6 9.6q1.4-1.6 2.8 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
      <path d="M7 13h10a5 5 0 0 1-10 0Z" fill="currentColor" />
    </Face>
  ),
  wow: (
    <Face name="wow">
      <circle cx="9" cy="9.5" r="1.3" fill="currentColor" />
      <circle cx="15" cy="9.5" r="1.3" fill="currentColor" />
      <ellipse cx="12" cy="15.4" rx="2.2" ry="2.8" fill="currentColor" />
    </Face>
  ),
  hug: (
    <Face name="hug">
      <path
        d="M8.4 9.8h1.6M14 9.8h1.6"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
      <path
        d="M9.5 13.2q2.5 1.8 5 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
      <path
        d="M3.6 17.4q2.6-2.2 5.2.6M20.4 17.4q-2.6-2.2-5.2.6"
        fill="none"
        stroke={ACCENT.hug}
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </Face>
  ),
};

/** One reaction's icon. */
export function ReactionIcon({ name }: { name: ReactionName }) {
  return (
    <svg
      className="reaction-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      {SHAPES[name]}
    </svg>
  );
}
