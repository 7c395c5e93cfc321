import ChevronDown from 'lucide-react/icons/chevron-down';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * A styled native <select>: the system picker on phones, full keyboard support, and no script cost on pages that
 * must load fast (the landing page's budget). Use it for short fixed lists.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className="h-12 w-full cursor-pointer appearance-none rounded-xl border border-slate-300 bg-white pr-10 pl-4 text-base text-slate-900 transition-colors hover:border-slate-400 focus-visible:border-mint-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-mint-600 sm:text-sm"
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}
