import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { type Ref, useCallback, useEffect, useId, useState } from 'react';
import { cn } from '../lib/cn';

/** A small screen's menu: open or not, the id of the element it shows (for `aria-controls`), and how to close it. */
export interface SmallScreenMenu {
  open: boolean;
  id: string;
  toggle: () => void;
  close: () => void;
}

/** The state of a small screen's menu; it closes again on every navigation (`navigationKey`: the location's key). */
export function useSmallScreenMenu(navigationKey: string): SmallScreenMenu {
  const [open, setOpen] = useState(false);
  const id = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of a navigation
  useEffect(() => setOpen(false), [navigationKey]);
  const toggle = useCallback(() => setOpen((was) => !was), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, id, toggle, close };
}

/** The button that opens and closes a small screen's menu (`what` names it: "menu", "admin menu"). */
export function MenuToggle({
  menu,
  what,
  className,
  buttonRef,
}: {
  menu: SmallScreenMenu;
  what: string;
  className: string;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={cn('inline-flex size-10 items-center justify-center rounded-lg', className)}
      aria-expanded={menu.open}
      aria-controls={menu.id}
      aria-label={menu.open ? `Close ${what}` : `Open ${what}`}
      onClick={menu.toggle}
    >
      {menu.open ? (
        <X aria-hidden="true" className="size-5" />
      ) : (
        <Menu aria-hidden="true" className="size-5" />
      )}
    </button>
  );
}
