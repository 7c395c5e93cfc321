import { type CampaignType, shipsBox } from '../constants';
import type { ApplicationStatus } from './statuses';

/** A rough progress figure for the dashboard, 0-100. */
export function applicationProgress(status: ApplicationStatus, type: CampaignType): number {
  const box = shipsBox(type);
  switch (status) {
    case 'applied':
      return 10;
    case 'accepted':
      return box ? 25 : 40;
    case 'shipped':
      return 40;
    case 'delivered':
      return 55;
    case 'content_submitted':
      return 80;
    case 'changes_requested':
      return 70;
    case 'approved':
      return 100;
    default:
      return 0;
  }
}

/** What the creator should do next, in one line. */
export function nextStep(status: ApplicationStatus, type: CampaignType): string {
  switch (status) {
    case 'applied':
      return 'Waiting for the brand to review your application';
    case 'accepted':
      return shipsBox(type) ? 'The brand is preparing your PR box' : 'Post your content and submit the link';
    case 'shipped':
      return 'Your PR box is on its way: confirm when it arrives';
    case 'delivered':
      return 'Post your content and submit the link';
    case 'content_submitted':
      return 'Your content is being reviewed';
    case 'changes_requested':
      return 'Update your content and submit it again';
    case 'approved':
      return 'Done: your reward was credited';
    case 'rejected':
      return 'Not selected this time';
    case 'withdrawn':
      return 'You withdrew this application';
    case 'missed':
      return 'The upload deadline passed';
  }
}
