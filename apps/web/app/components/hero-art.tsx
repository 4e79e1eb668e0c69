/**
 * The home page's picture, drawn here: a few people's pages, open and overlapping, each a
 * portrait and lines of a story. Decorative; colours come from the tokens (dark theme and
 * contrast mode included).
 */
export function HeroArt() {
  return (
    <svg
      className="hero-art"
      viewBox="0 0 360 280"
      width="360"
      height="280"
      aria-hidden="true"
      focusable="false"
    >
      <g transform="rotate(-8 120 150)">
        <rect className="hero-art-page" x="40" y="50" width="150" height="190" rx="14" />
        <circle className="hero-art-face hero-art-warm" cx="85" cy="95" r="22" />
        <rect className="hero-art-line" x="118" y="82" width="56" height="8" rx="4" />
        <rect className="hero-art-line" x="118" y="98" width="40" height="8" rx="4" />
        <rect className="hero-art-line" x="60" y="140" width="110" height="7" rx="3.5" />
        <rect className="hero-art-line" x="60" y="156" width="96" height="7" rx="3.5" />
        <rect className="hero-art-line" x="60" y="172" width="104" height="7" rx="3.5" />
      </g>
      <g transform="rotate(6 250 140)">
        <rect className="hero-art-page" x="175" y="30" width="150" height="190" rx="14" />
        <circle className="hero-art-face hero-art-cool" cx="220" cy="75" r="22" />
        <rect className="hero-art-line" x="253" y="62" width="56" height="8" rx="4" />
        <rect className="hero-art-line" x="253" y="78" width="36" height="8" rx="4" />
        <rect className="hero-art-line" x="195" y="120" width="110" height="7" rx="3.5" />
        <rect className="hero-art-line" x="195" y="136" width="90" height="7" rx="3.5" />
        <rect className="hero-art-line" x="195" y="152" width="104" height="7" rx="3.5" />
      </g>
      <rect
        className="hero-art-page hero-art-front"
        x="110"
        y="120"
        width="150"
        height="140"
        rx="14"
      />
      <circle className="hero-art-face hero-art-accent" cx="155" cy="165" r="22" />
      <rect className="hero-art-line" x="188" y="152" width="52" height="8" rx="4" />
      <rect className="hero-art-line" x="188" y="168" width="38" height="8" rx="4" />
      <rect className="hero-art-line" x="130" y="210" width="110" height="7" rx="3.5" />
      <rect className="hero-art-line" x="130" y="226" width="80" height="7" rx="3.5" />
      <circle className="hero-art-dot" cx="300" cy="232" r="10" />
    </svg>
  );
}
