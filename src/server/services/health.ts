import { sql } from 'drizzle-orm';
import { pendingMigrations } from '../../db/migrate';
import type { ServiceContext } from './service-context';

/** GET /api/health: whether the database answers (an unreachable one is logged). */
export async function databaseAnswers({ db, logger }: ServiceContext): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch (error) {
    logger.error({ err: error }, 'health check: database unreachable');
    return false;
  }
}

/**
 * GET /api/ready: whether the database answers and every migration is applied (`migrationsSchema`: where drizzle
 * keeps its bookkeeping when not its default).
 */
export async function migrationState(
  { db, logger }: ServiceContext,
  migrationsSchema: string | undefined,
): Promise<{ db: 'ok' | 'unreachable'; migrations: 'applied' | 'pending' | 'unknown' }> {
  try {
    const pending = await pendingMigrations(db, { migrationsSchema });
    return { db: 'ok', migrations: pending === 0 ? 'applied' : 'pending' };
  } catch (error) {
    logger.warn({ err: error }, 'readiness: database unreachable');
    return { db: 'unreachable', migrations: 'unknown' };
  }
}
