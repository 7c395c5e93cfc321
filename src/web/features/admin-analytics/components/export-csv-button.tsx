import { Download } from 'lucide-react';
import { useState } from 'react';
import { toastFailure } from '../../../components/failure-toast';
import { Button } from '../../../components/ui/button';
import { downloadFile } from '../../../lib/download';

/**
 * Export CSV: downloads `path` (saved as `fileName` unless the server names it), off while it downloads; a failure
 * is a red toast.
 */
export function ExportCsvButton({
  path,
  fileName,
  className,
}: {
  path: string;
  fileName: string;
  className?: string;
}) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(path, fileName);
    } catch (error) {
      toastFailure('Export failed', error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting} className={className}>
      <Download aria-hidden="true" />
      Export CSV
    </Button>
  );
}
