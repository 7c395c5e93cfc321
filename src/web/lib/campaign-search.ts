// The search in the URL is read the same way by the server render and the browser (decision 0018): it lives in shared.
export {
  type CampaignSearch,
  isFiltered,
  readCampaignSearch,
  writeCampaignSearch,
} from '../../shared/campaign-search';
