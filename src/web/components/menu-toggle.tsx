import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import type { Ref } from 'react';
import { cn } from '../lib/cn';

/** The button that opens and closes a small screen's menu (`what` names it: "menu", "admin menu"). */
export function MenuToggle({
  open,
  onToggle,
  controls,
  what,
  className,
  buttonRef,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
  what: string;
  className: string;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={cn('inline-flex size-10 items-center justify-center rounded-lg', className)}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? `Close ${what}` : `Open ${what}`}
      onClick={onToggle}
    >
      {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
    </button>
  );
}
