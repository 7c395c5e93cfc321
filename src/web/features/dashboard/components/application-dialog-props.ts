import type { MyApplication } from '../../../../shared/schemas/application';

/** What a dialog about one of the creator's applications is given (they open from My Campaigns). */
export interface ApplicationDialogProps {
  application: MyApplication;
  onClose: () => void;
}
