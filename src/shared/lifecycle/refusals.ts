import type { ApplicationAction } from './moves';
import { type ApplicationStatus, isIn, WAITING_FOR_BOX_STATUSES } from './statuses';

/** What a refused move tells the user (spec and earlier texts kept), given the application as it is. */
export function refusalMessage(
  action: ApplicationAction,
  application: { id: number; status: ApplicationStatus },
  box: boolean,
): string {
  const { id, status } = application;
  switch (action) {
    case 'accept':
    case 'reject':
      return `Application ${id} was already ${status === 'withdrawn' ? 'withdrawn' : 'decided'}.`;
    case 'withdraw':
      return `Only an application ${box ? 'whose PR box has not shipped yet' : 'with no content submitted yet'} can be withdrawn.`;
    case 'ship':
      return box
        ? `A PR box can be shipped only to an accepted creator (this application is ${status}).`
        : 'This campaign does not send a PR box.';
    case 'mark_delivered':
      return box ? 'Only a shipped PR box can be marked delivered.' : 'This campaign does not send a PR box.';
    case 'confirm_delivery':
    case 'report_problem':
      return box ? 'Your PR box has not been shipped yet.' : 'This campaign does not send a PR box.';
    case 'reship':
      return box
        ? `A new box can be sent only while the creator waits for theirs (this application is ${status}).`
        : 'This campaign does not send a PR box.';
    case 'submit_content':
      return status === 'content_submitted'
        ? 'Your content is already waiting for review.'
        : box && isIn(WAITING_FOR_BOX_STATUSES, status)
          ? 'Confirm that your PR box arrived before submitting content.'
          : 'Content cannot be submitted at this step.';
    case 'approve':
    case 'request_changes':
      return 'This submission was already reviewed.';
    case 'miss_deadline':
      return 'This application no longer owes content.';
    case 'close_account':
      return `Application ${id} is already over (${status}).`;
  }
}
