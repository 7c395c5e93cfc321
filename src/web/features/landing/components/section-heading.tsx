import { cn } from '../../../lib/cn';

/**
 * A landing section's heading: its small label above (the name the top bar's links use) and its title, an h2 whose
 * `id` names the section (aria-labelledby). `onDark`: the label in a light mint, for a dark band.
 */
export function SectionHeading({
  label,
  id,
  title,
  onDark = false,
  className,
}: {
  label: string;
  id: string;
  title: string;
  onDark?: boolean;
  /** More classes for the title. */
  className?: string;
}) {
  return (
    <>
      <p
        className={cn(
          'text-sm font-semibold tracking-wider uppercase',
          onDark ? 'text-mint-200' : 'text-mint-700',
        )}
      >
        {label}
      </p>
      <h2 id={id} className={cn('mt-2 text-3xl font-bold tracking-tight sm:text-4xl', className)}>
        {title}
      </h2>
    </>
  );
}
