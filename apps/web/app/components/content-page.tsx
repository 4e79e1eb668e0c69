import type { ContentPage as Page } from '../content/types';

/** A page of prose: a title, a lead and sections, with headings a screen reader can walk. */
export function ContentPage({ page, children }: { page: Page; children?: React.ReactNode }) {
  return (
    <article className="page page-narrow prose" aria-labelledby="page-title">
      {page.memorial ? (
        <header className="memorial-header">
          {/* Until there is a portrait, the memorial candle holds its place. */}
          <img
            className="memorial-portrait"
            src={page.portrait?.src ?? '/memorial-footer.jpg'}
            alt={page.portrait?.alt ?? ''}
            width={160}
            height={160}
          />
          <div>
            <h1 id="page-title">{page.title}</h1>
            {page.dates && (
              <p className="memorial-dates">
                <bdi>{page.dates}</bdi>
              </p>
            )}
          </div>
        </header>
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
    </article>
  );
}
