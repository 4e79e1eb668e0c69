import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export type Tab = { id: string; label: string; content: ReactNode };

/**
 * Tabs as the ARIA pattern has them: one tab stop, arrow keys move between tabs (reading
 * direction respected: in RTL the right arrow goes back), Home and End jump, the panel follows.
 * The tabs stay in one row, which scrolls when they outgrow it (app.css). An address ending in
 * `#<tab id>` opens that tab (an email's "choose what comes by email" link).
 */
export function Tabs({ tabs, label }: { tabs: readonly Tab[]; label: string }) {
  const [selected, setSelected] = useState(tabs[0]?.id);
  // The hash is the browser's alone: the server drew the first tab, the named one follows here.
  useEffect(() => {
    const named = decodeURIComponent(window.location.hash.slice(1));
    if (tabs.some((tab) => tab.id === named)) setSelected(named);
    // Once, on arrival: later choices are the member's.
  }, []);
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setSelected(tab.id);
    list.current
      ?.querySelector<HTMLButtonElement>(`#${CSS.escape(`${base}-tab-${tab.id}`)}`)
      ?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.id === selected);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    if (next !== undefined) select(current + next);
    else if (event.key === 'Home') select(0);
    else if (event.key === 'End') select(tabs.length - 1);
    else return;
    event.preventDefault();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={(event) => {
              setSelected(tab.id);
              // The row scrolls: a tab chosen at its edge comes fully into view.
              event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' });
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
