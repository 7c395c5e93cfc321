import { cn } from '../../lib/cn';
import { Button } from '../ui/button';

/**
 * The filters of an admin list as a row of buttons, the chosen one pressed (the messages' inbox, the delivery
 * problems): `legend` names the row for screen readers, and a filter with a number in `counts` shows it after its
 * label ("Open (3)").
 */
export function FilterButtons<T extends string>({
  legend,
  filters,
  chosen,
  onChoose,
  counts = {},
  className,
}: {
  legend: string;
  filters: ReadonlyArray<{ id: T; label: string }>;
  chosen: T;
  onChoose: (id: T) => void;
  counts?: Partial<Record<T, number | undefined>>;
  className?: string;
}) {
  return (
    <fieldset className={cn('flex flex-wrap gap-2', className)}>
      <legend className="sr-only">{legend}</legend>
      {filters.map((f) => (
        <Button
          key={f.id}
          size="sm"
          variant={chosen === f.id ? 'default' : 'outline'}
          aria-pressed={chosen === f.id}
          onClick={() => onChoose(f.id)}
        >
          {f.label}
          {counts[f.id] !== undefined ? ` (${counts[f.id]})` : ''}
        </Button>
      ))}
    </fieldset>
  );
}
