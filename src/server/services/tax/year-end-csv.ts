import { yearEndRows } from '../../../db/queries/tax';
import { formatTin, TAX_FORM_THRESHOLD_USD } from '../../../shared/tax';
import type { AuthKeys } from '../../auth/auth-context';
import { open } from '../../auth/secret-box';
import { AppError } from '../../http/errors';
import { type AuditActor, recordAdminAction } from '../audit-log';
import { checkAccountPassword } from '../password-attempts';
import { atInstant, type ServiceContext } from '../service-context';
import { csvLine, csvText } from '../transactions-csv';
import { TIN_PURPOSE } from './view';

/**
 * The year-end file in the column layout 1099-NEC filing services import (Track1099, Tax1099 and the IRS's own
 * IRIS template all take these fields): the recipient, their TIN and address, and box 1 (nonemployee compensation).
 */
export const YEAR_END_CSV_HEADER = [
  'Recipient Name',
  'Recipient Business Name',
  'Recipient TIN Type',
  'Recipient TIN',
  'Address Line 1',
  'Address Line 2',
  'City',
  'State',
  'ZIP',
  'Country',
  'Box 1 Nonemployee Compensation',
  'Tax Year',
] as const;

export const WRONG_PASSWORD_MESSAGE = 'The password is not correct.';

/**
 * The year-end CSV (issue 27): creators paid $600 or more in the year with a W-9 on file, their TINs opened for this
 * file only. The admin proves they are there with their password (the sign-in check and its budget,
 * services/password-attempts); the download is written to the audit trail (with every form whose TIN was read) in
 * the same step, and the TINs never reach a log.
 */
export async function yearEndCsv(
  services: ServiceContext,
  deps: { auth: AuthKeys; secret: string },
  admin: { user: { id: string; email: string }; actor: AuditActor },
  input: { year: number; password: string },
): Promise<{ filename: string; csv: string }> {
  const ctx = atInstant(services);
  const right = await checkAccountPassword(
    { db: ctx.db, mailer: ctx.mailer, appUrl: ctx.appUrl, logger: ctx.logger, auth: deps.auth },
    admin.user,
    input.password,
    ctx.now,
  );
  if (!right) throw new AppError('FORBIDDEN', WRONG_PASSWORD_MESSAGE);
  // Read from the kept tax year (issue 28): the creators at the threshold with a W-9, not every payout of the year.
  const lines = await yearEndRows(ctx.db, input.year, TAX_FORM_THRESHOLD_USD);
  const body = lines.map(({ name, paid, form: f }) => {
    const tin = f.tinSealed ? open(deps.secret, TIN_PURPOSE, f.tinSealed) : null;
    if (!tin || (f.tinType !== 'ssn' && f.tinType !== 'ein')) {
      throw new AppError(
        'CONFLICT',
        `The TIN of ${name}'s W-9 cannot be read. Ask them to file the form again.`,
      );
    }
    return csvLine([
      csvText(f.legalName),
      csvText(f.businessName ?? ''),
      f.tinType.toUpperCase(),
      formatTin(f.tinType, tin),
      csvText(f.addressLine1),
      csvText(f.addressLine2 ?? ''),
      csvText(f.city),
      csvText(f.state ?? ''),
      csvText(f.postalCode ?? ''),
      csvText(f.country),
      paid,
      String(input.year),
    ]);
  });
  await ctx.db.transaction((tx) =>
    recordAdminAction(tx, admin.actor, {
      action: 'tax.year_end_export',
      entityType: 'tax_year',
      entityId: input.year,
      before: null,
      after: {
        recipients: lines.length,
        taxForms: lines.map((l) => l.form.id),
        creators: lines.map((l) => l.creatorId),
      },
      at: ctx.now,
    }),
  );
  return {
    filename: `mintbox-1099-nec-${input.year}.csv`,
    csv: `\uFEFF${csvLine([...YEAR_END_CSV_HEADER])}${body.join('')}`,
  };
}
