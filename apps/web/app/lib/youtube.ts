/**
 * A YouTube video's id from a link the server has accepted (youtube.com/watch?v=, /embed/,
 * /shorts/, /live/, youtu.be/), and its privacy-enhanced embed address (no cookies until it
 * plays). No schema library: reading pages use it (settings checks links with the contracts first).
 */
export function youtubeVideoId(url: string): string | null {
  const value = url.trim();
  const match =
    /[?&]v=([\w-]{11})/.exec(value) ??
    /\/(?:embed|shorts|live)\/([\w-]{11})/.exec(value) ??
    /youtu\.be\/([\w-]{11})/.exec(value);
  return match?.[1] ?? null;
}

export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`;
}
