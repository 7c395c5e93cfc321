import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One white panel of a campaign's review page (products, packing summary, shipping board): a titled section whose
 * heading carries an icon and, on the right, the panel's buttons.
 */
export function ReviewPanel({
  titleId,
  icon: Icon,
  title,
  actions,
  testId,
  children,
}: {
  /** The heading's id, which names the section. */
  titleId: string;
  icon: LucideIcon;
  title: string;
  actions?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className="mb-6 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid={testId}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
          <Icon aria-hidden="true" className="size-5 text-mint-700" />
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
