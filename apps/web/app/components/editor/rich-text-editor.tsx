import type { MessageKey } from '@mepedia/web-i18n';
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Strikethrough,
  Underline,
  type LucideIcon,
} from 'lucide-react';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { useI18n } from '../../lib/i18n';
import { TOUCH_ONLY_QUERY, useMediaQuery } from '../../lib/media-query';
import { Field } from '../field';
import { Icon } from '../icon';
import { Dialog } from '../ui/dialog';
import {
  allowedHtml,
  allowedHtmlOf,
  escapeAttribute,
  escapeText,
  normalizeLink,
  textToHtml,
} from './content';

type Format =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'heading'
  | 'subheading'
  | 'bulletList'
  | 'numberedList'
  | 'quote'
  | 'link';

const TOOLS: ReadonlyArray<{ format: Format; icon: LucideIcon; label: MessageKey }> = [
  { format: 'bold', icon: Bold, label: 'writePost.format.bold' },
  { format: 'italic', icon: Italic, label: 'writePost.format.italic' },
  { format: 'underline', icon: Underline, label: 'writePost.format.underline' },
  { format: 'strike', icon: Strikethrough, label: 'writePost.format.strike' },
  { format: 'heading', icon: Heading2, label: 'writePost.format.heading' },
  { format: 'subheading', icon: Heading3, label: 'writePost.format.subheading' },
  { format: 'bulletList', icon: List, label: 'writePost.format.bulletList' },
  { format: 'numberedList', icon: ListOrdered, label: 'writePost.format.numberedList' },
  { format: 'quote', icon: Quote, label: 'writePost.format.quote' },
  { format: 'link', icon: Link2, label: 'writePost.format.link' },
];

/** The blocks a member writes in: each takes its direction from its own first letters. */
const BLOCK_SELECTOR = 'p, h2, h3, h4, li, blockquote';
const EMPTY = '<p dir="auto"><br></p>';

/** Server HTML (allow-listed, attribute-free blocks) as the editor shows it: blocks `dir="auto"`. */
export function editorHtml(html: string): string {
  return html ? html.replace(/<(p|h2|h3|h4|li|blockquote)>/g, '<$1 dir="auto">') : EMPTY;
}

type Active = Partial<Record<Format, boolean>>;

// execCommand is deprecated but still the only way to edit a contentEditable while keeping the
// browser's undo history; every result is normalized by `allowedHtmlOf` before it leaves.
function exec(command: string, value?: string): void {
  document.execCommand(command, false, value);
}

function closest(node: Node | null, root: HTMLElement, tags: string[]): HTMLElement | null {
  for (let at = node; at && at !== root; at = at.parentNode) {
    if (at.nodeType === 1 && tags.includes((at as Element).tagName.toLowerCase()))
      return at as HTMLElement;
  }
  return null;
}

/**
 * A small rich-text editor on contentEditable that writes only the posts service's allow-listed
 * HTML (paragraphs, h2/h3, bold, italic, underline, strike, lists, quotes, links): pastes are
 * cleaned to it, and `onChange` gets the normalized HTML. A toolbar (one tab stop, arrow keys
 * move along it, Alt+F10 reaches it) with toggle buttons, Ctrl/Cmd+B, I and U, and paragraphs
 * that each read in their own direction.
 */
export function RichTextEditor({
  id,
  labelId,
  describedBy,
  invalid,
  initialHtml,
  onChange,
}: {
  id: string;
  labelId: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  initialHtml: string;
  onChange: (html: string) => void;
}) {
  const { t, locale } = useI18n();
  const root = useRef<HTMLDivElement | null>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const saved = useRef<Range | null>(null);
  const [active, setActive] = useState<Active>({});
  const [focusIndex, setFocusIndex] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkAddress, setLinkAddress] = useState('https://');
  const [linkError, setLinkError] = useState<string | undefined>();
  const helpId = useId();
  // The keyboard hint is hidden on a touch phone (write-post.css); a description still names
  // hidden text, so the editor stops pointing at it there too.
  const touchOnly = useMediaQuery(TOUCH_ONLY_QUERY);
  // Set once: React must never rewrite what the member is typing.
  const initial = useMemo(() => ({ __html: editorHtml(initialHtml) }), [initialHtml]);

  const selectionInEditor = (): Range | null => {
    const selection = window.getSelection();
    const editor = root.current;
    if (!selection || selection.rangeCount === 0 || !editor) return null;
    const range = selection.getRangeAt(0);
    return editor.contains(range.commonAncestorContainer) ? range : null;
  };

  const refreshActive = useCallback(() => {
    const editor = root.current;
    const range = selectionInEditor();
    if (!editor || !range) return;
    saved.current = range.cloneRange();
    const at = range.startContainer;
    const block = closest(at, editor, ['h2', 'h3', 'h4', 'p', 'li']);
    setActive({
      bold: document.queryCommandState('bold'),
      italic: document.queryCommandState('italic'),
      underline: document.queryCommandState('underline'),
      strike: document.queryCommandState('strikeThrough'),
      heading: block?.tagName === 'H2',
      subheading: block?.tagName === 'H3',
      bulletList: closest(at, editor, ['ul', 'ol'])?.tagName === 'UL',
      numberedList: closest(at, editor, ['ul', 'ol'])?.tagName === 'OL',
      quote: closest(at, editor, ['blockquote']) !== null,
      link: closest(at, editor, ['a']) !== null,
    });
  }, []);

  useEffect(() => {
    document.addEventListener('selectionchange', refreshActive);
    return () => document.removeEventListener('selectionchange', refreshActive);
  }, [refreshActive]);

  /** After every change: text straight in the editor goes into a paragraph; blocks get dir=auto. */
  const changed = () => {
    const editor = root.current;
    if (!editor) return;
    const loose = Array.from(editor.childNodes).some(
      (node) => node.nodeType === 3 && /\S/.test(node.nodeValue ?? ''),
    );
    if (loose) exec('formatBlock', 'p');
    for (const block of editor.querySelectorAll(BLOCK_SELECTOR))
      if (!block.hasAttribute('dir')) block.setAttribute('dir', 'auto');
    onChange(allowedHtmlOf(editor));
    refreshActive();
  };

  /** Focus the editor with its last selection back, so a command applies where the member was. */
  const restore = () => {
    const editor = root.current;
    if (!editor) return;
    editor.focus();
    const range = saved.current;
    const selection = window.getSelection();
    if (range && selection && editor.contains(range.commonAncestorContainer)) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
  };

  const unwrapQuote = () => {
    const editor = root.current;
    const range = selectionInEditor();
    const quote = range && editor ? closest(range.startContainer, editor, ['blockquote']) : null;
    if (!quote) return;
    const parent = quote.parentNode;
    while (quote.firstChild) parent?.insertBefore(quote.firstChild, quote);
    quote.remove();
  };

  const apply = (format: Format) => {
    if (format === 'link') {
      if (active.link) {
        const range = saved.current;
        const editor = root.current;
        const link = range && editor ? closest(range.startContainer, editor, ['a']) : null;
        restore();
        if (link) {
          const selection = window.getSelection();
          const whole = document.createRange();
          whole.selectNodeContents(link);
          selection?.removeAllRanges();
          selection?.addRange(whole);
          exec('unlink');
        }
        changed();
        return;
      }
      setLinkAddress('https://');
      setLinkError(undefined);
      setLinkOpen(true);
      return;
    }
    restore();
    exec('defaultParagraphSeparator', 'p');
    switch (format) {
      case 'bold':
        exec('bold');
        break;
      case 'italic':
        exec('italic');
        break;
      case 'underline':
        exec('underline');
        break;
      case 'strike':
        exec('strikeThrough');
        break;
      case 'heading':
        exec('formatBlock', active.heading ? 'p' : 'h2');
        break;
      case 'subheading':
        exec('formatBlock', active.subheading ? 'p' : 'h3');
        break;
      case 'bulletList':
        exec('insertUnorderedList');
        break;
      case 'numberedList':
        exec('insertOrderedList');
        break;
      case 'quote':
        if (active.quote) unwrapQuote();
        else exec('formatBlock', 'blockquote');
        break;
    }
    changed();
  };

  // The link goes in once the dialog has closed: while it is open the page behind it is inert.
  const pendingLink = useRef<string | null>(null);
  const addLink = () => {
    // A bare domain (example.com/baker) is taken as an https address.
    const address = normalizeLink(linkAddress);
    if (!address) {
      setLinkError(t('writePost.link.invalid'));
      return;
    }
    pendingLink.current = address;
    setLinkOpen(false);
  };
  const linkClosed = () => {
    setLinkOpen(false);
    const address = pendingLink.current;
    pendingLink.current = null;
    restore();
    if (!address) return;
    const range = selectionInEditor();
    if (!range || range.collapsed) {
      // No text chosen: the address itself is the link's text.
      const label = escapeText(address.replace(/^mailto:/i, ''));
      exec('insertHTML', `<a href="${escapeAttribute(address)}">${label}</a>`);
    } else exec('createLink', address);
    changed();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey && event.key === 'F10') {
      event.preventDefault();
      toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[focusIndex]?.focus();
      return;
    }
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const shortcut = ({ b: 'bold', i: 'italic', u: 'underline' } as const)[
      event.key.toLowerCase() as 'b' | 'i' | 'u'
    ];
    if (!shortcut) return;
    event.preventDefault();
    exec(shortcut);
    changed();
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    const clean = html ? allowedHtml(html) : textToHtml(event.clipboardData.getData('text/plain'));
    if (clean) exec('insertHTML', clean);
    changed();
  };

  // The toolbar pattern: one tab stop; arrows move in the reading direction, Home and End.
  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const forward = locale === 'he' ? 'ArrowLeft' : 'ArrowRight';
    const back = locale === 'he' ? 'ArrowRight' : 'ArrowLeft';
    let next = focusIndex;
    if (event.key === forward) next = (focusIndex + 1) % TOOLS.length;
    else if (event.key === back) next = (focusIndex - 1 + TOOLS.length) % TOOLS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TOOLS.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      restore();
      return;
    } else return;
    event.preventDefault();
    setFocusIndex(next);
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  return (
    <div className={`rich-editor${invalid ? ' has-error' : ''}`}>
      <div
        ref={toolbar}
        role="toolbar"
        aria-label={t('writePost.toolbar')}
        aria-controls={id}
        className="rich-editor-toolbar"
        onKeyDown={onToolbarKey}
      >
        {TOOLS.map((tool, index) => (
          <button
            key={tool.format}
            type="button"
            className="rich-editor-button"
            aria-pressed={active[tool.format] === true}
            aria-label={t(tool.label)}
            title={t(tool.label)}
            tabIndex={index === focusIndex ? 0 : -1}
            data-format={tool.format}
            // Keeps the editor's selection: the command applies to what the member selected.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setFocusIndex(index)}
            onClick={() => apply(tool.format)}
          >
            <Icon icon={tool.icon} />
          </button>
        ))}
      </div>
      <div
        ref={root}
        id={id}
        className="rich-editor-content prose"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={[describedBy, touchOnly ? '' : helpId].filter(Boolean).join(' ')}
        aria-invalid={invalid ? true : undefined}
        contentEditable
        suppressContentEditableWarning
        tabIndex={0}
        dir="auto"
        onInput={changed}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onDrop={(event) => event.preventDefault()}
        onFocus={() => exec('defaultParagraphSeparator', 'p')}
        dangerouslySetInnerHTML={initial}
      />
      <p id={helpId} className="hint rich-editor-help">
        {t('writePost.editorHelp')}
      </p>
      <Dialog
        open={linkOpen}
        title={t('writePost.link.title')}
        onClose={linkClosed}
        actions={
          <>
            <button type="button" className="button" onClick={addLink}>
              {t('writePost.link.add')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setLinkOpen(false)}
            >
              {t('writePost.cancel')}
            </button>
          </>
        }
      >
        <Field
          label={t('writePost.link.address')}
          hint={t('writePost.link.hint')}
          type="url"
          dir="ltr"
          value={linkAddress}
          error={linkError}
          onChange={(event) => setLinkAddress(event.target.value)}
          // Typing goes after the https:// already there, not before it (an address of the
          // member's own is left as the browser selects it).
          onFocus={(event) => {
            const input = event.currentTarget;
            const end = input.value.length;
            if (input.value === 'https://') input.setSelectionRange(end, end);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              addLink();
            }
          }}
        />
      </Dialog>
    </div>
  );
}
