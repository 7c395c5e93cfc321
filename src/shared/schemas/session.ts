import { z } from 'zod';
import { ADMIN_ROLES } from '../admin-permissions';
import { filledText } from './text-field';

export const USER_ROLES = ['influencer', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The signed-in person as GET /api/session describes them to the web app. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.enum(USER_ROLES),
  /** An admin's role in the team (issue 39): what the admin pages show them follows ADMIN_ROUTE_PERMISSIONS. */
  adminRole: z.enum(ADMIN_ROLES).nullable(),
  /** The creator record (spec §3 influencers); null for admins. */
  creator: z
    .object({
      id: z.number().int(),
      username: z.string(),
      emailVerified: z.boolean(),
      profileCompleted: z.boolean(),
    })
    .nullable(),
  /**
   * Second factor (issue 22): `enabled` once an authenticator app is enrolled; `required` for Owners and Finance
   * (issue 39) and for every admin under ADMIN_REQUIRE_2FA; `enrolmentRequired` when required and not enrolled yet (only the enrolment page works).
   */
  twoFactor: z.object({ enabled: z.boolean(), required: z.boolean(), enrolmentRequired: z.boolean() }),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** POST /api/auth/step-up: a 6-digit authenticator code, or one of the backup codes (xxxxx-xxxxx). */
export const stepUpSchema = z.object({
  code: filledText({ missing: 'Please enter the code', max: 32, tooLong: 'That code is too long' }),
});
export type StepUp = z.infer<typeof stepUpSchema>;

export const stepUpResultSchema = z.object({
  /** Until when money actions and exports go through without another code (10 minutes). */
  validUntil: z.string(),
});

/** POST /api/auth/admin-sign-in's answer: where to go, and whether a second-factor code comes first. */
export const adminSignInResultSchema = z.object({
  redirectTo: z.string(),
  twoFactorRequired: z.boolean(),
});
export type AdminSignInResult = z.infer<typeof adminSignInResultSchema>;
