import { useSearchParams } from 'react-router';
import { CampaignSearchForm } from '../../components/campaign-search-form';
import { firstNameOf } from '../../lib/account-paths';
import {
  type CampaignSearch,
  isFiltered,
  readCampaignSearch,
  writeCampaignSearch,
} from '../../lib/campaign-search';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/use-session';
import { CampaignGrid } from './components/campaign-grid';
import { MatchedCampaigns } from './components/matched-campaigns';

/** /main (READINGS "Marketplace"): the signed-in creator's home, the campaign browser with the same search as /. */
export function CreatorHomePage() {
  useDocumentTitle('Campaigns');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const search = readCampaignSearch(params);
  const runSearch = (next: CampaignSearch) =>
    setParams(writeCampaignSearch(next, params), { preventScrollReset: true });

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">
          Hi {firstNameOf(session.user?.name)}, find your next campaign
        </h1>
        <p className="text-slate-600">
          {isFiltered(search)
            ? 'Campaigns that match your search, newest first.'
            : 'The newest gifting campaigns from brands looking for creators.'}
        </p>
      </div>
      <MatchedCampaigns enabled={session.status === 'signed-in' && !isFiltered(search)} />
      <CampaignSearchForm value={search} onSearch={runSearch} />
      <CampaignGrid filters={search} onClearFilters={() => runSearch({})} />
    </div>
  );
}
