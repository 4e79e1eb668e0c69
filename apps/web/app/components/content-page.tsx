import type { Memorial, ContentPage as Page } from '../content/types';
import { LocalizedLink } from './localized-link';

/** A page of prose: a title, a lead and sections, with headings a screen reader can walk. */
export function ContentPage({ page, children }: { page: Page; children?: React.ReactNode }) {
  return (
    <article
      className={`page page-narrow prose${page.memorial ? ' memorial-page' : ''}`}
      aria-labelledby="page-title"
    >
      {page.memorial ? (
        <MemorialHeader memorial={page.memorial} />
      ) : (
        <h1 id="page-title">{page.title}</h1>
      )}
      {page.lead && <p className="lead">{page.lead}</p>}
      {children}
      {page.sections.map((section, index) => (
        <section
          key={section.heading ?? index}
          aria-labelledby={section.heading ? `section-${index}` : undefined}
        >
          {section.heading && <h2 id={`section-${index}`}>{section.heading}</h2>}
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 32)}>{paragraph}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item.slice(0, 32)}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {page.memorial && (
        <footer className="memorial-share">
          <p>{page.memorial.share.text}</p>
          <LocalizedLink className="button button-secondary" to="/support">
            {page.memorial.share.link}
          </LocalizedLink>
        </footer>
      )}
    </article>
  );
}

/** The year of an ISO date (`1948-03-02` -> `1948`); the whole date stays in `dateTime`. */
export const yearOf = (date: string) => date.slice(0, 4);

/**
 * A memorial's opening: the portrait (the candle until the family gives one), "In memory of" and
 * the name as the page's one heading, and the years when they are known.
 */
function MemorialHeader({ memorial }: { memorial: Memorial }) {
  const { portrait, born, died } = memorial;
  return (
    <header className="memorial-header">
      <img
        className={`memorial-portrait${portrait ? '' : ' memorial-portrait-candle'}`}
        src={portrait?.src ?? '/memorial-footer.jpg'}
        alt={portrait?.alt ?? memorial.candleAlt}
        width={192}
        height={240}
      />
      <h1 id="page-title">
        <span className="memorial-label">{memorial.label}</span>{' '}
        <span className="memorial-name">{memorial.name}</span>
      </h1>
      {(born || died) && (
        <p className="memorial-dates">
          {born && <time dateTime={born}>{yearOf(born)}</time>}
          {born && died && ' – '}
          {died && <time dateTime={died}>{yearOf(died)}</time>}
        </p>
      )}
    </header>
  );
}
