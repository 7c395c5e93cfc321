import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from '../../shared/lifecycle/statuses';
import { Badge, type BadgeProps } from './ui/badge';

const VARIANT: Record<ApplicationStatus, NonNullable<BadgeProps['variant']>> = {
  applied: 'blue',
  accepted: 'default',
  shipped: 'default',
  delivered: 'default',
  content_submitted: 'yellow',
  changes_requested: 'yellow',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'grey',
  missed: 'red',
};

/** An application's status in words, coloured by where it stands. */
export function ApplicationStatusBadge({
  status,
  className,
}: {
  status: ApplicationStatus;
  className?: string;
}) {
  return (
    <Badge variant={VARIANT[status]} data-application-status={status} className={className}>
      {APPLICATION_STATUS_LABELS[status]}
    </Badge>
  );
}
