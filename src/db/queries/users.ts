import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { users } from '../schema/auth';

/** The email of the admin account that signs in as `username` (its email or username, any case), or null. */
export async function findAdminSignInEmail(
  db: DatabaseOrTransaction,
  username: string,
): Promise<string | null> {
  const [admin] = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        // A member removed from the team (issue 39) has no role left and no admin sign-in.
        isNotNull(users.adminRole),
        or(
          sql`lower(${users.email}) = lower(${username})`,
          sql`lower(${users.username}) = lower(${username})`,
        ),
      ),
    )
    .limit(1);
  return admin?.email ?? null;
}
