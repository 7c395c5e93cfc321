import { z } from 'zod';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '../constants';
import { campaignSchema } from './campaign';

/**
 * Why a campaign is in the creator's "Matched for you" (issue 24): it is tagged with one of the creator's categories
 * AND it runs on a platform the creator has an account on. `reason` is the line shown on the card.
 */
export const campaignMatchSchema = z.object({
  category: z.string(),
  platform: z.enum(PLATFORMS),
  reason: z.string(),
});
export type CampaignMatch = z.infer<typeof campaignMatchSchema>;

export const matchedCampaignSchema = campaignSchema.extend({ match: campaignMatchSchema });
export type MatchedCampaign = z.infer<typeof matchedCampaignSchema>;

/** GET /api/me/matched-campaigns. */
export const matchedCampaignListSchema = z.object({ items: z.array(matchedCampaignSchema) });
export type MatchedCampaignList = z.infer<typeof matchedCampaignListSchema>;

/** The card's line: "Beauty · you post on Instagram". */
export function matchReason(category: string, platform: Platform): string {
  return `${category} · you post on ${PLATFORM_LABELS[platform]}`;
}
