import type { CreatorMailCategory } from '../../../shared/mail-preferences';
import { AppError } from '../../http/errors';
import { type LifecycleNotice, lifecycleMail } from '../../mail/templates';
import { sendCreatorMail } from '../creator-mail';
import type { ServiceContext } from '../service-context';

/** Which mail preference each lifecycle notice belongs to. */
const NOTICE_CATEGORY: Record<LifecycleNotice['kind'], CreatorMailCategory> = {
  accepted: 'application_decisions',
  rejected: 'application_decisions',
  shipped: 'shipping_delivery',
  changes_requested: 'content_reviews',
  approved: 'content_reviews',
  reminder: 'deadline_reminders',
  missed: 'deadline_reminders',
};

/**
 * Sends a lifecycle mail after the change is committed, unless the creator switched its category off; a mail failure
 * is logged, never undoes the change.
 */
export async function notify(
  ctx: Pick<ServiceContext, 'db' | 'mailer' | 'appUrl' | 'logger'>,
  to: string,
  notice: LifecycleNotice,
) {
  await sendCreatorMail(
    ctx,
    NOTICE_CATEGORY[notice.kind],
    lifecycleMail(ctx.appUrl, to, notice),
    notice.kind,
  );
}

/** A step asked for out of order: 409 with the reason. */
export function outOfOrder(message: string): never {
  throw new AppError('CONFLICT', message);
}

/** The value, or a 404 with `message` when it is null. */
export function found<T>(value: T | null, message: string): T {
  if (value === null) throw new AppError('NOT_FOUND', message);
  return value;
}
