import { PRODUCT_NAME } from '../../shared/constants';
import { cn } from '../lib/cn';
import { Link } from '../lib/navigation';

/** The brand's mark, an M on a rounded tile, in the tile and stroke colours of where it stands. */
export function LogoMark({ tile, stroke }: { tile: string; stroke: string }) {
  return (
    <svg viewBox="0 0 64 64" className="size-8" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill={tile} />
      <path
        d="M16 44V20l16 14 16-14v24"
        fill="none"
        stroke={stroke}
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('inline-flex items-center gap-2 text-lg font-bold text-slate-900', className)}>
      <LogoMark tile="#0f766e" stroke="#ecfdf5" />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
