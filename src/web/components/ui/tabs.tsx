import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '../../lib/cn';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  content: ReactNode;
}

/**
 * Tabs with the WAI-ARIA keyboard pattern: arrows, Home and End move between tabs, Tab moves into the panel.
 * Controlled: the caller keeps the active id (e.g. in the URL). A row too narrow for every tab wraps onto a second
 * line rather than scrolling a tab out of sight (issue 41: "Analytics" was cut off at 375 px).
 */
export function Tabs<Id extends string>({
  items,
  active,
  onChange,
  label,
  className,
}: {
  items: TabItem<Id>[];
  active: Id;
  onChange: (id: Id) => void;
  label: string;
  className?: string;
}) {
  const baseId = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((tab) => tab.id === active);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    const tab = items[next]!;
    onChange(tab.id);
    refs.current[tab.id]?.focus();
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        className="flex w-full flex-wrap gap-y-1 rounded-xl bg-slate-200/70 p-1 sm:inline-flex sm:w-auto"
        onKeyDown={onKeyDown}
      >
        {items.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              refs.current[tab.id] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={active === tab.id}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={active === tab.id ? 0 : -1}
            onClick={() => onChange(tab.id)}
            className={cn(
              'flex-1 rounded-lg px-2.5 py-2 text-sm font-semibold whitespace-nowrap transition-colors sm:flex-none sm:px-4',
              active === tab.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {items.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={active !== tab.id}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is focusable per the WAI-ARIA tabs pattern
          tabIndex={0}
          className="mt-6 rounded-lg focus-visible:outline-offset-4"
        >
          {active === tab.id ? tab.content : null}
        </div>
      ))}
    </div>
  );
}
