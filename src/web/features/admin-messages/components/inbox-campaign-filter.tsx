import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { conversationKeys } from '../../../lib/conversations';
import { useInboxCampaign, useInboxCampaigns } from '../api/inbox';

/** How long typing rests before the campaigns are searched. */
const SEARCH_DELAY_MS = 200;

function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The inbox's campaign filter (issue 28): a combobox (ARIA 1.2, list autocomplete) that searches the campaigns with
 * conversations as the admin types, most conversations first. Arrows move through the matches, Enter picks one,
 * Escape closes the list and puts back the chosen name. The chosen campaign is shown (read by id, so a link with
 * `?campaign=` shows it too) and cleared with the button beside it.
 */
export function InboxCampaignFilter({
  campaignId,
  onChange,
}: {
  campaignId: number | undefined;
  onChange: (id: number | null) => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const chosen = useInboxCampaign(campaignId);
  const chosenName = campaignId === undefined ? '' : (chosen.data?.name ?? '');
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const wanted = editing ? text.trim() : '';
  const term = useSettled(wanted, SEARCH_DELAY_MS);
  const choices = useInboxCampaigns(term, open);
  const items = open ? (choices.data?.items ?? []) : [];
  // The matches are those of the text in the field (not of what was typed before, still shown meanwhile).
  const current = term === wanted && choices.isSuccess && !choices.isPlaceholderData;
  const empty = open && current && items.length === 0;

  // A new set of matches starts on its first one (Enter picks it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the matches change
  useEffect(() => setActive(0), [choices.data]);

  const close = () => {
    setOpen(false);
    setEditing(false);
    setText('');
  };
  const choose = (item: { id: number; name: string }) => {
    queryClient.setQueryData(conversationKeys.inboxCampaign(item.id), item);
    close();
    onChange(item.id);
  };
  const clear = () => {
    close();
    onChange(null);
    input.current?.focus();
  };
  const move = (by: number) => {
    if (!open) {
      setOpen(true);
      return;
    }
    if (items.length > 0) setActive((current) => (current + by + items.length) % items.length);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter': {
        if (!open) break;
        // Enter never submits around the field; it picks the highlighted match once the matches are current.
        event.preventDefault();
        const item = current ? items[active] : undefined;
        if (item) choose(item);
        break;
      }
      case 'Escape':
        if (open || editing) {
          event.preventDefault();
          close();
        }
        break;
      default:
    }
  };
  const activeItem = items[active];

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Campaign
      </label>
      <div className="relative">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && activeItem ? `${listId}-${activeItem.id}` : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          placeholder="All campaigns"
          value={editing ? text : chosenName}
          onChange={(event) => {
            setEditing(true);
            setText(event.target.value);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onFocus={(event) => event.target.select()}
          onBlur={close}
          onKeyDown={onKeyDown}
          className={cn(
            'h-10 w-full rounded-lg border border-slate-300 bg-white pl-3 text-base text-slate-900 placeholder:text-slate-600 hover:border-slate-400 focus-visible:border-mint-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-mint-600 sm:text-sm',
            campaignId ? 'pr-18' : 'pr-9',
          )}
        />
        <span className="absolute inset-y-0 right-1 flex items-center gap-0.5">
          {campaignId ? (
            <button
              type="button"
              aria-label="Clear campaign"
              title="Clear campaign"
              onClick={clear}
              className="inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-mint-600"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          ) : null}
          <ChevronDown aria-hidden="true" className="pointer-events-none mr-2 size-4 text-slate-500" />
        </span>
        <div
          className={cn(
            'absolute top-full right-0 left-0 z-20 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg',
            !open && 'hidden',
          )}
        >
          <div
            id={listId}
            role="listbox"
            aria-label="Campaigns"
            className={cn('max-h-64 overflow-y-auto py-1', items.length === 0 && 'hidden')}
          >
            {items.map((item, index) => (
              // The keys are the field's (aria-activedescendant points here): an option never takes the focus.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's field handles the keyboard
              <div
                key={item.id}
                id={`${listId}-${item.id}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                data-testid="campaign-option"
                // Keeps the focus in the field: the blur would close the list before the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(item)}
                onMouseMove={() => setActive(index)}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm break-words text-slate-800',
                  index === active && 'bg-mint-50 text-slate-900',
                  item.id === campaignId && 'font-semibold',
                )}
              >
                {item.name}
              </div>
            ))}
          </div>
          <p role="status" className={cn('px-3 py-2 text-sm text-slate-600', !empty && 'sr-only')}>
            {empty ? 'No campaign matches' : ''}
          </p>
        </div>
      </div>
    </div>
  );
}
