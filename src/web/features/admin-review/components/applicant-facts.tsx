import { PLATFORMS, type Platform } from '../../../../shared/constants';
import type { Applicant } from '../../../../shared/schemas/application';
import { FollowerFigures } from '../../../components/follower-figures';
import { PlatformIcon } from '../../../components/platform-icon';
import { formatShortDate } from '../../../lib/format';

/** Followers per platform, categories, state and the day they applied. */
export function ApplicantFacts({ applicant }: { applicant: Applicant }) {
  const person = applicant.creator;
  const followers = PLATFORMS.filter(
    (p) => typeof person.followers[p] === 'number' || person.verifiedFollowers[p],
  );
  const categories = [person.primaryCategory, person.secondaryCategory].filter(Boolean) as string[];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-4">
      {/* The counts (verified with their date, and stated) take the whole row until the columns are wide enough. */}
      <div className="col-span-2 sm:col-span-1">
        <dt className="text-xs text-slate-500">Followers</dt>
        <dd className="mt-0.5">
          {followers.length ? (
            <ul className="flex flex-wrap gap-x-3 gap-y-1">
              {followers.map((platform) => (
                <li key={platform} className="inline-flex items-center gap-1 tabular-nums">
                  <PlatformIcon platform={platform as Platform} className="size-4 text-slate-600" />
                  <FollowerFigures
                    compact
                    stated={person.followers[platform]}
                    verified={person.verifiedFollowers[platform]?.followers}
                    verifiedAt={person.verifiedFollowers[platform]?.at}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-slate-500">No accounts</span>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Categories</dt>
        <dd className="mt-0.5 font-medium">{categories.length ? categories.join(', ') : '–'}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">State</dt>
        <dd className="mt-0.5 font-medium">{person.state ?? '–'}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Applied</dt>
        <dd className="mt-0.5 font-medium">{formatShortDate(applicant.createdAt)}</dd>
      </div>
    </dl>
  );
}
