/**
 * The campaign page's 'Responds Fast' and 'Top Creator' badges are claims about the brand behind the campaign, so they
 * are shown only when the brand's own records say so (issue 13, decision 0016). Both look at every campaign of the
 * same brand, so a new campaign of a known brand keeps its track record, and a brand without one shows none.
 */

/** Responds Fast: applications answered within this many hours count as fast. */
export const RESPONDS_FAST_HOURS = 48;
/** Responds Fast: at least this many applications must have been answered (a track record, not luck). */
export const RESPONDS_FAST_MIN_ANSWERED = 5;
/** Responds Fast: at least this share of the applications considered was answered fast. */
export const RESPONDS_FAST_SHARE = 0.8;
/** Top Creator: at least this many different creators had their content approved (and were rewarded) by the brand. */
export const TOP_CREATOR_MIN_APPROVED_CREATORS = 5;

/** What the rules read, counted over every campaign of the brand. */
export interface BrandTrackRecord {
  /** Applications the brand accepted or declined, plus the team's replies to creators waiting in a conversation. */
  answered: number;
  /** Of those, answered within RESPONDS_FAST_HOURS (of applying, or of the creator's first unanswered message). */
  answeredFast: number;
  /** Applications and conversations still waiting for an answer longer than RESPONDS_FAST_HOURS (they count as slow). */
  waitingTooLong: number;
  /** Different creators whose content the brand approved. */
  approvedCreators: number;
}

export interface CampaignBadges {
  respondsFast: boolean;
  topCreator: boolean;
}

/**
 * Responds Fast: the brand answered at least RESPONDS_FAST_MIN_ANSWERED applications, and at least 80 % of the
 * applications it answered or left waiting past two days were answered within two days. Withdrawn applications the
 * brand never answered are left out.
 */
export function respondsFast(record: BrandTrackRecord): boolean {
  if (record.answered < RESPONDS_FAST_MIN_ANSWERED) return false;
  const considered = record.answered + record.waitingTooLong;
  return record.answeredFast >= RESPONDS_FAST_SHARE * considered;
}

/**
 * Top Creator: creators did real work with this brand and were rewarded for it, at least
 * TOP_CREATOR_MIN_APPROVED_CREATORS different creators had content approved across the brand's campaigns.
 */
export function topCreator(record: BrandTrackRecord): boolean {
  return record.approvedCreators >= TOP_CREATOR_MIN_APPROVED_CREATORS;
}

export function campaignBadges(record: BrandTrackRecord): CampaignBadges {
  return { respondsFast: respondsFast(record), topCreator: topCreator(record) };
}

export const NO_BADGES: CampaignBadges = { respondsFast: false, topCreator: false };
