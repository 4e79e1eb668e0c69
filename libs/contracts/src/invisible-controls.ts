// Characters no member means to type, refused where members write text that others read
// (comments, a post's title, credit and content): the C0 and C1 controls except tab and line
// feed, and the bidirectional embedding, override and isolate controls, which can disguise what
// a text says (`name\u202Egnp.exe` reads as "nameexe.png"). Direction marks (LRM, RLM) are not
// among them: Hebrew mixed with Latin needs them. No zod here: the web app cleans what its
// member typed or pasted with these on every page that writes (browser.ts).

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const INVISIBLE_CONTROLS = new RegExp(INVISIBLE_CONTROL.source, 'g');

/** Whether a text holds a character the services refuse as UNSUPPORTED_CHARACTER (above). */
export function hasInvisibleControls(text: string): boolean {
  return INVISIBLE_CONTROL.test(text);
}

/**
 * The text without those characters, for a client to send what its member sees: pasted text
 * often carries them, and the member could not find them to take them out. The services
 * themselves refuse them (UNSUPPORTED_CHARACTER) rather than change a text quietly.
 */
export function withoutInvisibleControls(text: string): string {
  return text.replace(INVISIBLE_CONTROLS, '');
}
