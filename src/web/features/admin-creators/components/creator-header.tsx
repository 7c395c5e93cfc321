import { Ban, PauseCircle, RotateCcw } from 'lucide-react';
import {
  CREATOR_STANDING_LABELS,
  type CreatorStanding,
  type ModerationAction,
} from '../../../../shared/moderation';
import type { CreatorDetail } from '../../../../shared/schemas/creator-admin';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useAdminCan } from '../../../lib/admin-permissions';
import { formatShortDate } from '../../../lib/format';

const STANDING_VARIANT: Record<CreatorStanding, NonNullable<BadgeProps['variant']>> = {
  active: 'green',
  suspended: 'yellow',
  banned: 'red',
};

/** The creator's name, standing and contact line, with the moderation buttons the admin's role may use. */
export function CreatorHeader({
  creator,
  onAction,
}: {
  creator: CreatorDetail;
  onAction: (action: ModerationAction) => void;
}) {
  const { can } = useAdminCan();
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <span className="break-words">{creator.name}</span>
          <Badge variant={STANDING_VARIANT[creator.standing]} data-testid="creator-standing">
            {CREATOR_STANDING_LABELS[creator.standing]}
          </Badge>
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          @{creator.username} · {creator.email} · joined {formatShortDate(creator.createdAt)}
        </p>
      </div>
      {can('POST /admin/influencers/{id}/suspend') ? (
        <div className="flex flex-wrap gap-2">
          {creator.standing === 'active' ? (
            <Button variant="outline" onClick={() => onAction('suspend')}>
              <PauseCircle aria-hidden="true" /> Suspend
            </Button>
          ) : (
            <Button variant="outline" onClick={() => onAction('restore')}>
              <RotateCcw aria-hidden="true" /> Lift {creator.standing === 'banned' ? 'ban' : 'suspension'}
            </Button>
          )}
          {creator.standing !== 'banned' ? (
            <Button variant="destructive" onClick={() => onAction('ban')}>
              <Ban aria-hidden="true" /> Ban
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
