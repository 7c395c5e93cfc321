import { z } from 'zod';
import { cursorParam, pageCursorsSchema, pageLimitParam } from '../page-cursor';

/** Issue 27, data rights: the rules and texts both sides show (the server enforces them, the web explains them). */

/** How long a data download link works, from the moment the file is ready. */
export const DATA_EXPORT_LINK_HOURS = 24;
/** How long after closing an account the person is anonymised. */
export const ANONYMISE_AFTER_DAYS = 90;
/** An account without a password closes only from a session started this recently (a fresh sign-in). */
export const FRESH_SIGN_IN_MINUTES = 10;

export const DATA_EXPORT_STATUSES = ['requested', 'ready', 'downloaded', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const DATA_RIGHTS_MESSAGES = {
  exportPending: 'Your data download is already being prepared. We will email you a link when it is ready.',
  linkUnknown: 'This download link is not valid. Request a new download from your profile.',
  linkUsed: 'This download link was already used. Request a new download from your profile.',
  linkExpired: 'This download link has expired. Request a new download from your profile.',
  closedSignIn: 'This account was closed. Contact support if you need help.',
  passwordNeeded: 'To close your account, confirm with your account password.',
  passwordWrong: 'The password is not correct.',
  freshSignInNeeded: `To close your account, sign out and sign in again, then close it within ${FRESH_SIGN_IN_MINUTES} minutes.`,
  confirmGiveUp: 'Confirm that you give up your Mint balance, or redeem it first.',
  alreadyClosed: 'This account is already closed.',
} as const;

/**
 * What an admin is told when a step would credit or review a closed account (decision 0028): closing ends the
 * creator's applications and gives up their Mint, so nothing is credited to an account nobody can sign in to.
 */
export function closedAccountRefusal(name: string, closedOn: string, step: 'review' | 'adjust'): string {
  return step === 'review'
    ? `${name} closed their account on ${closedOn}: their content cannot be reviewed and no Mint can be credited to it.`
    : `${name} closed their account on ${closedOn}: Mint cannot be credited to or taken from a closed account.`;
}

/** One data download request, as its owner sees it. */
export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  downloadedAt: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/me/data-export and the answer of POST: the creator's latest request (null: none yet). */
export const dataExportStateSchema = z.object({ latest: dataExportSchema.nullable() });
export type DataExportState = z.infer<typeof dataExportStateSchema>;

/** GET /api/me/account-closure: what closing the account would do now. */
export const closurePreviewSchema = z.object({
  /** Available Mint: given up at closure unless redeemed first. */
  balance: z.number().int(),
  /** The smallest redemption (a balance at or above it can be redeemed first). */
  minimumRedemption: z.number().int(),
  /** Applications still under review, withdrawn at closure. */
  openApplications: z.number().int(),
  /**
   * Accepted applications not over yet (a box on its way, content owed or waiting for review): they end at closure
   * too, without a reward (decision 0028).
   */
  activeApplications: z.number().int(),
  /** The account signs in with a password (asked again to close); otherwise a fresh sign-in is needed. */
  hasPassword: z.boolean(),
  /** Accounts without a password: whether this session started in the last FRESH_SIGN_IN_MINUTES minutes. */
  freshSignIn: z.boolean(),
  anonymiseAfterDays: z.number().int(),
});
export type ClosurePreview = z.infer<typeof closurePreviewSchema>;

/** POST /api/me/account-closure. */
export const closeAccountSchema = z.object({
  password: z.string().max(200).optional(),
  /** Must be true when the balance is above 0: the creator gives it up knowingly. */
  giveUpMint: z.boolean().default(false),
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;

export const closeAccountResultSchema = z.object({
  closedAt: z.string(),
  anonymiseAfter: z.string(),
  mintGivenUp: z.number().int(),
  /** Every application that ended with the account: under review, or accepted and not over yet. */
  applicationsWithdrawn: z.number().int(),
});
export type CloseAccountResult = z.infer<typeof closeAccountResultSchema>;

/** One closed account on the admins' list. */
export const accountClosureSchema = z.object({
  creatorId: z.number().int(),
  anonymousId: z.string(),
  /** The creator's name until the anonymisation, then null. */
  name: z.string().nullable(),
  closedAt: z.string(),
  anonymiseAfter: z.string(),
  anonymisedAt: z.string().nullable(),
  mintGivenUp: z.number().int(),
  applicationsWithdrawn: z.number().int(),
});
export type AccountClosure = z.infer<typeof accountClosureSchema>;

/** Closed accounts per page of the admins' list (issue 28: "Show more closed accounts" reads the next). */
export const ACCOUNT_CLOSURE_PAGE_SIZE = 50;

/** GET /api/admin/account-closures?state=pending|anonymised|all&cursor=: one page, newest closure first. */
export const accountClosureListSchema = z.object({
  items: z.array(accountClosureSchema),
  nextCursor: pageCursorsSchema.nextCursor,
});
export const accountClosureFilterSchema = z.object({
  state: z.enum(['all', 'pending', 'anonymised']).default('all'),
  limit: pageLimitParam(ACCOUNT_CLOSURE_PAGE_SIZE),
  cursor: cursorParam,
});
export type AccountClosureQuery = z.output<typeof accountClosureFilterSchema>;
export type AccountClosureList = z.infer<typeof accountClosureListSchema>;
