import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...props} />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-5', className)} {...props} />;
}

/** A card's title: an h3, or an h2 (`as="h2"`) where the card is a part of the page's outline. */
export function CardTitle({
  as: Heading = 'h3',
  className,
  ...props
}: ComponentProps<'h3'> & { as?: 'h2' | 'h3' }) {
  return <Heading className={cn('text-lg font-semibold leading-tight', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-5 pb-5', className)} {...props} />;
}

/**
 * A card with its title above its content (`contentClassName`: how the content is laid out; `heading`: the title's
 * level, h3 unless the card is one of the page's own parts).
 */
export function TitledCard({
  title,
  heading,
  className,
  contentClassName,
  testId,
  children,
}: {
  title: string;
  heading?: 'h2' | 'h3';
  className?: string | undefined;
  contentClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className} data-testid={testId}>
      <CardHeader>
        <CardTitle as={heading}>{title}</CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
