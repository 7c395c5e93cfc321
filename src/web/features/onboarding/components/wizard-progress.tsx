import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn';

/**
 * The wizard's progress (spec §2): a bar at step/total and the step labels, the current one marked. The percentage
 * counts the steps finished, so the last step reads 67% until Complete Profile succeeds (issue 41).
 */
export function WizardProgress({ step, labels }: { step: number; labels: readonly string[] }) {
  const total = labels.length;
  const current = step + 1;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between text-sm">
        <span className="font-semibold text-slate-900">
          Step {current} of {total}
        </span>
        <span className="text-slate-500">{Math.round((step / total) * 100)}% complete</span>
      </div>
      <div
        role="progressbar"
        aria-label="Profile setup progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={current}
        aria-valuetext={`Step ${current} of ${total}: ${labels[step] ?? ''}`}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-mint-600 transition-[width] duration-300"
          style={{ width: `${(current / total) * 100}%` }}
        />
      </div>
      <ol className="grid gap-2" style={{ gridTemplateColumns: `repeat(${total}, minmax(0, 1fr))` }}>
        {labels.map((label, index) => {
          const done = index < step;
          const active = index === step;
          return (
            <li
              key={label}
              aria-current={active ? 'step' : undefined}
              className={cn(
                'flex flex-col items-center gap-1.5 text-center text-xs font-medium sm:flex-row sm:gap-2 sm:text-sm',
                index === 0
                  ? 'sm:justify-start'
                  : index === total - 1
                    ? 'sm:justify-end'
                    : 'sm:justify-center',
                active ? 'text-mint-800' : done ? 'text-slate-700' : 'text-slate-500',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                  active
                    ? 'border-mint-700 bg-mint-700 text-white'
                    : done
                      ? 'border-mint-200 bg-mint-100 text-mint-800'
                      : 'border-slate-300 bg-white text-slate-500',
                )}
              >
                {done ? <Check className="size-3.5" /> : index + 1}
              </span>
              {label}
              {done ? <span className="sr-only"> (done)</span> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
