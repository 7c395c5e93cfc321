import { PRODUCT_NAME } from '../../shared/constants';
import { cn } from '../lib/cn';
import { Link } from '../lib/navigation';

export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('inline-flex items-center gap-2 text-lg font-bold text-slate-900', className)}>
      <svg viewBox="0 0 64 64" className="size-8" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#0f766e" />
        <path
          d="M16 44V20l16 14 16-14v24"
          fill="none"
          stroke="#ecfdf5"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
