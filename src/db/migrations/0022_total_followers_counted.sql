-- Issue 24: a creator's total audience counts each platform's verified figure (read from the platform) where there
-- is one, the typed one otherwise, as the profile save and the follower reads now store it.
UPDATE "influencer_profiles" p SET "total_followers" = coalesce(
  (SELECT sum(coalesce(s."verified_followers", s."followers", 0)) FROM "social_accounts" s WHERE s."influencer_id" = p."influencer_id"),
  0
);
