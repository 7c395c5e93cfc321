import { z } from 'zod';

export const USER_ROLES = ['influencer', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The signed-in person as GET /api/session describes them to the web app. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.enum(USER_ROLES),
  /** The creator record (spec §3 influencers); null for admins. */
  influencer: z
    .object({
      id: z.number().int(),
      username: z.string(),
      emailVerified: z.boolean(),
      profileCompleted: z.boolean(),
    })
    .nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
