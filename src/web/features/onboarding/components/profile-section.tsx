import { type ReactNode, useId } from 'react';
import { cn } from '../../../lib/cn';

/**
 * A section of /profile under the form (two-factor, devices, mail, tax form, data rights): a rule above, its title
 * (the section's accessible name) and a line on what it is for, then its content. `faint`: a lighter rule and less
 * room above (the sections that go with the account: two-factor, devices). `anchor`: an id a link can jump to.
 */
export function ProfileSection({
  title,
  intro,
  testId,
  faint = false,
  anchor,
  children,
}: {
  title: string;
  intro: ReactNode;
  testId: string;
  faint?: boolean;
  anchor?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      id={anchor}
      aria-labelledby={`${id}-title`}
      className={cn(
        'flex flex-col gap-4 border-t pt-6',
        faint ? 'mt-8 border-slate-100' : 'mt-10 border-slate-200',
        anchor ? 'scroll-mt-24' : null,
      )}
      data-testid={testId}
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
      </div>
      {children}
    </section>
  );
}
