import { Link } from 'react-router';
import { TAX_FORM_PATH, TAX_HOLD_MESSAGE } from '../../../../shared/tax';
import { cn } from '../../../lib/cn';

/** Why a payout waits for the creator's tax form (issue 27), and the link to file it. */
export function TaxHoldWords({ linkClassName }: { linkClassName?: string }) {
  return (
    <>
      <p>{TAX_HOLD_MESSAGE}</p>
      <Link to={TAX_FORM_PATH} className={cn('font-semibold underline', linkClassName)}>
        File your tax form
      </Link>
    </>
  );
}
