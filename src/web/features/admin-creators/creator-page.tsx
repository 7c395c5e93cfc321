import { UserX } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ModerationAction } from '../../../shared/moderation';
import type { CreatorDetail } from '../../../shared/schemas/creator-admin';
import { AdminBackLink } from '../../components/admin/admin-back-link';
import { AdminEmptyState } from '../../components/admin/admin-layout';
import { buttonVariants } from '../../components/ui/button';
import { LoadingBlocks } from '../../components/ui/skeleton';
import { getErrorMessage, isNotFound } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCreatorDetail } from './api/creator-management';
import { CreatorHeader } from './components/creator-header';
import {
  MintSection,
  ModerationAuditSection,
  PayoutsSection,
  ProblemsSection,
} from './components/creator-history';
import { CreatorModerationDialog } from './components/creator-moderation-dialog';
import { CreatorNotes } from './components/creator-notes';
import {
  ApplicationsSection,
  FollowerChangesSection,
  HandlesSection,
  ProfileSection,
  ReliabilitySection,
  ShippingSection,
} from './components/creator-profile-sections';
import { Section } from './components/creator-section';

/** /admin/influencers/:id: one creator, everything an admin needs to run campaigns with them. */
export function CreatorPage() {
  const id = Number(useParams().id);
  const creator = useCreatorDetail(id);
  useDocumentTitle(creator.data ? creator.data.name : 'Creator');

  if (!Number.isSafeInteger(id) || id <= 0 || creator.isError) {
    const notFound = !creator.isError || isNotFound(creator.error);
    return (
      <AdminEmptyState
        icon={<UserX aria-hidden="true" className="size-6" />}
        title={notFound ? 'Creator not found' : "We couldn't load this creator"}
      >
        <p>{notFound ? 'There is no creator with this id.' : getErrorMessage(creator.error)}</p>
        <Link to="/admin/influencers" className={buttonVariants({ variant: 'outline', className: 'mt-4' })}>
          Back to Influencers
        </Link>
      </AdminEmptyState>
    );
  }
  if (creator.isPending) {
    return (
      <LoadingBlocks
        className="flex flex-col gap-4"
        label="Loading creator"
        blocks={['h-5 w-28', 'h-24 w-full rounded-xl', 'h-48 w-full rounded-xl', 'h-48 w-full rounded-xl']}
      />
    );
  }
  return <Creator creator={creator.data} />;
}

function Creator({ creator }: { creator: CreatorDetail }) {
  const [action, setAction] = useState<ModerationAction | null>(null);
  return (
    <>
      <AdminBackLink to="/admin/influencers">Influencers</AdminBackLink>
      <CreatorHeader creator={creator} onAction={setAction} />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ProfileSection creator={creator} />
        <ShippingSection creator={creator} />
        <HandlesSection creator={creator} />
        <FollowerChangesSection creator={creator} />
        <ReliabilitySection creator={creator} />
        <ApplicationsSection creator={creator} />
        <MintSection creator={creator} />
        <PayoutsSection creator={creator} />
        <ProblemsSection creator={creator} />
        <Section title="Private notes">
          <CreatorNotes creatorId={creator.id} notes={creator.notes} />
        </Section>
        <ModerationAuditSection creator={creator} />
      </div>

      <CreatorModerationDialog
        creatorId={creator.id}
        creatorName={creator.name}
        action={action}
        onClose={() => setAction(null)}
      />
    </>
  );
}
