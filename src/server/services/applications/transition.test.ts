import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  insertApplication,
  insertCampaign,
  writeUnreachableStatus,
} from '../../../../tests/support/factories';
import { TEST_DRIVERS } from '../../../../tests/support/test-database';
import { useTestDatabase } from '../../../../tests/support/use-test-database';
import { lockApplication } from '../../../db/queries/application-lifecycle-reads';
import { applications } from '../../../db/schema/applications';
import type { CampaignRow } from '../../../db/schema/campaigns';
import type { CampaignType } from '../../../shared/constants';
import {
  APPLICATION_ACTIONS,
  type ApplicationAction,
  LIFECYCLE_ACTORS,
  LIFECYCLE_MOVES,
  type LifecycleActor,
} from '../../../shared/lifecycle/moves';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../../shared/lifecycle/statuses';
import { errorSchema } from '../../../shared/schemas/error';
import { TransitionError, transition } from './transition';

/** Thrown at the end of each attempt so its transaction rolls back and the next attempt starts from the same row. */
class Undo extends Error {}

type Outcome =
  | { moved: ApplicationStatus }
  | { refused: { error: string; code: string; allowed?: string[] } };

describe.each(TEST_DRIVERS)('the table of lifecycle moves on %s', (driver) => {
  const database = useTestDatabase(driver);

  /** Takes `action` as `actor` on application `id` inside a transaction that is always rolled back. */
  const attempt = async (id: number, action: ApplicationAction, actor: LifecycleActor): Promise<Outcome> => {
    let outcome: Outcome | undefined;
    try {
      await database.db.transaction(async (tx) => {
        const locked = await lockApplication(tx, id);
        try {
          const row = await transition(tx, locked!, action, actor, { updatedAt: new Date() });
          const [stored] = await tx
            .select({ status: applications.status })
            .from(applications)
            .where(eq(applications.id, id));
          expect(stored?.status).toBe(row.status);
          outcome = { moved: row.status };
        } catch (error) {
          if (!(error instanceof TransitionError)) throw error;
          expect(error.status).toBe(409);
          outcome = { refused: error.toBody() };
        }
        throw new Undo();
      });
    } catch (error) {
      if (!(error instanceof Undo)) throw error;
    }
    return outcome!;
  };

  /**
   * An application at `status`, walked there through the services; except a box status on a campaign that sends no
   * box, which no legal move reaches: the table must still refuse every move from it, so it is written directly.
   */
  const atStatus = async (status: ApplicationStatus, campaign: CampaignRow, box: boolean) => {
    if (box || (status !== 'shipped' && status !== 'delivered')) {
      return (await insertApplication(database.db, { status, campaign })).application;
    }
    const { application } = await insertApplication(database.db, { status: 'accepted', campaign });
    return writeUnreachableStatus(database.db, application.id, status);
  };

  it('moves along every row of the table and refuses everything else with one 409 shape', async () => {
    let moves = 0;
    let refusals = 0;
    for (const type of ['gifting', 'paid'] as const satisfies readonly CampaignType[]) {
      const box = type === 'gifting';
      const campaign = await insertCampaign(database.db, { type });
      for (const status of APPLICATION_STATUSES) {
        const application = await atStatus(status, campaign, box);
        for (const actor of LIFECYCLE_ACTORS) {
          const moved: ApplicationAction[] = [];
          const refused: Array<{ action: ApplicationAction; allowed: string[] | undefined }> = [];
          for (const action of APPLICATION_ACTIONS) {
            const where = `${type} ${status} ${actor} ${action}`;
            const expected = LIFECYCLE_MOVES.find(
              (m) =>
                m.from === status &&
                m.action === action &&
                m.by === actor &&
                (m.box === undefined || m.box === box),
            );
            const outcome = await attempt(application.id, action, actor);
            if (expected) {
              expect(outcome, where).toEqual({ moved: expected.to });
              moved.push(action);
              moves += 1;
            } else {
              expect('refused' in outcome, where).toBe(true);
              if (!('refused' in outcome)) continue;
              // The one shape (decision 0010): a sentence, the code, the allowed actions; nothing else.
              expect(errorSchema.strict().safeParse(outcome.refused).success, where).toBe(true);
              expect(outcome.refused.code, where).toBe('INVALID_TRANSITION');
              expect(outcome.refused.error.length, where).toBeGreaterThan(10);
              refused.push({ action, allowed: outcome.refused.allowed });
              refusals += 1;
            }
          }
          // Every refusal names exactly the actions that did move the application for this actor.
          for (const r of refused) expect(r.allowed, `${type} ${status} ${actor} ${r.action}`).toEqual(moved);
          const [stored] = await database.db
            .select({ status: applications.status })
            .from(applications)
            .where(eq(applications.id, application.id));
          expect(stored?.status).toBe(status);
        }
      }
    }
    // Each row of the table for each campaign kind it applies to, and every other combination refused.
    const rows = LIFECYCLE_MOVES.reduce((n, m) => n + (m.box === undefined ? 2 : 1), 0);
    expect(moves).toBe(rows);
    expect(moves + refusals).toBe(
      2 * APPLICATION_STATUSES.length * LIFECYCLE_ACTORS.length * APPLICATION_ACTIONS.length,
    );
    // Twenty applications walked through the services, then 780 attempts: longer than the default 30 s on a busy CI.
  }, 120_000);

  it('moves a row once when two steps read the same status: the second is refused from the status it finds', async () => {
    const { application, campaign } = await insertApplication(database.db, { status: 'applied' });
    const stale = { application: { id: application.id, status: application.status }, campaign };
    const first = await transition(database.db, stale, 'accept', 'admin');
    expect(first.status).toBe('accepted');
    const second = await transition(database.db, stale, 'reject', 'admin').catch((error: unknown) => error);
    expect(second).toBeInstanceOf(TransitionError);
    expect((second as TransitionError).toBody()).toEqual({
      error: `Application ${application.id} was already decided.`,
      code: 'INVALID_TRANSITION',
      // Accepted now: declining it is a move of its own (it gives the boxes back, decision 0041), asked again.
      allowed: ['reject', 'ship'],
    });
    const [stored] = await database.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, application.id));
    expect(stored?.status).toBe('accepted');
  });
});
