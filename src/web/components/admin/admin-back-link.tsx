import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The link above an admin record's page back to its list ("← Campaigns", "← Influencers"). */
export function AdminBackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="mb-4 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-mint-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
