import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { AUDIT_LOG_TAB } from './audit-log';

/**
 * The parts of /admin/settings as links (each has its address, so Back, new tabs and bookmarks work): General, Team,
 * Stores and Audit log; the current one is marked for assistive technology.
 */
export function SettingsSections({
  active,
}: {
  active: 'general' | 'team' | 'stores' | typeof AUDIT_LOG_TAB;
}) {
  const sections = [
    { id: 'general', label: 'General', to: '/admin/settings' },
    { id: 'team', label: 'Team', to: '/admin/settings?tab=team' },
    { id: 'stores', label: 'Stores', to: '/admin/settings?tab=stores' },
    { id: AUDIT_LOG_TAB, label: 'Audit log', to: `/admin/settings?tab=${AUDIT_LOG_TAB}` },
  ] as const;
  return (
    <nav aria-label="Settings sections" className="mb-6">
      <ul className="flex w-full rounded-xl bg-slate-200/70 p-1 sm:inline-flex sm:w-auto">
        {sections.map((section) => (
          <li key={section.id} className="flex-1 sm:flex-none">
            <Link
              to={section.to}
              aria-current={active === section.id ? 'page' : undefined}
              className={cn(
                'block rounded-lg px-4 py-2 text-center text-sm font-semibold whitespace-nowrap transition-colors',
                active === section.id
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
