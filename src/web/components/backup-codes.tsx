import { Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { saveFile } from '../lib/download';
import { backupCodesFile } from '../lib/two-factor';
import { Button } from './ui/button';

/** Copies text to the clipboard; answers whether it worked (the button says so for a moment). */
export function useCopy() {
  const [copied, setCopied] = useState<string | null>(null);
  async function copy(what: string, text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
      setTimeout(() => setCopied((current) => (current === what ? null : current)), 2000);
    } catch {
      setCopied(null);
    }
  }
  return { copied, copy };
}

/** Backup codes, shown once, with Copy and Download (a text file). */
export function BackupCodes({ codes, account }: { codes: string[]; account: string }) {
  const { copied, copy } = useCopy();
  return (
    <div className="flex flex-col gap-3">
      <ul
        className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3 font-mono text-sm sm:grid-cols-2"
        aria-label="Backup codes"
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <li
            key={code}
            className="rounded-md bg-white px-2 py-1.5 text-center tracking-wider text-slate-900"
          >
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => void copy('codes', codes.join('\n'))}>
          {copied === 'codes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === 'codes' ? 'Copied' : 'Copy codes'}
        </Button>
        <Button
          variant="outline"
          onClick={() =>
            saveFile(
              new Blob([backupCodesFile(codes, account)], { type: 'text/plain' }),
              'mintbox-backup-codes.txt',
            )
          }
        >
          <Download aria-hidden="true" />
          Download
        </Button>
      </div>
    </div>
  );
}
