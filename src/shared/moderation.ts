import { labelledValues } from './labelled-values';

/**
 * A creator's standing, set by admins (issue 13): active; suspended (cannot apply, work already under way goes on);
 * banned (signed out everywhere, cannot sign in or apply, pending payouts held for review). Lifting either one
 * brings the creator back to active.
 */
export const CREATOR_STANDING_LABELS = {
  active: 'Active',
  suspended: 'Suspended',
  banned: 'Banned',
};
export const CREATOR_STANDINGS = labelledValues(CREATOR_STANDING_LABELS);
export type CreatorStanding = (typeof CREATOR_STANDINGS)[number];

/** What an admin can do to a creator's standing; each is recorded with its reason, who and when. */
export const MODERATION_ACTION_LABELS = {
  suspend: 'Suspended',
  ban: 'Banned',
  restore: 'Lifted',
};
export const MODERATION_ACTIONS = labelledValues(MODERATION_ACTION_LABELS);
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The standing each action leads to. */
export const STANDING_AFTER: Record<ModerationAction, CreatorStanding> = {
  suspend: 'suspended',
  ban: 'banned',
  restore: 'active',
};

/** Whether `action` changes anything for a creator in `standing` (suspending a banned creator would lift the ban). */
export function moderationAllowed(standing: CreatorStanding, action: ModerationAction): boolean {
  if (action === 'restore') return standing !== 'active';
  if (action === 'suspend') return standing === 'active';
  return standing !== 'banned';
}

export const MODERATION_MESSAGES = {
  suspendedApply: 'Your account is suspended, so you cannot apply to campaigns right now.',
  bannedApply: 'Your account is banned, so you cannot apply to campaigns.',
  bannedSignIn: 'This account has been banned. Contact support if you think this is a mistake.',
} as const;
