import { ExternalLink, Link2 } from 'lucide-react';
import { postPreview } from '../../shared/post-preview';
import { cn } from '../lib/cn';
import { PlatformIcon } from './platform-icon';

/**
 * A submitted post as a link card (issue 24): the platform's icon and name, what the post is and its id (or the
 * author's handle) read from the URL, and the link itself, opened in a new tab. Nothing is fetched: no thumbnail or
 * caption is stored for posts yet, and no remote image is loaded. The link's name is its visible text ("Open
 * Instagram · Post abc123 … (opens in a new tab)"), so what a screen reader says matches what is seen.
 */
export function PostPreview({ url, className }: { url: string; className?: string }) {
  const post = postPreview(url);
  return (
    <a
      href={post.url}
      target="_blank"
      rel="noopener noreferrer"
      title={post.url}
      className={cn(
        'group flex max-w-full min-w-0 items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 text-left shadow-xs',
        'hover:border-mint-200 hover:bg-mint-50/40 focus-visible:ring-2 focus-visible:ring-mint-600 focus-visible:outline-none',
        className,
      )}
      data-testid="post-preview"
      data-platform={post.platform ?? 'other'}
      data-post-id={post.id ?? undefined}
    >
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-700"
      >
        {post.platform ? (
          <PlatformIcon platform={post.platform} className="size-5" />
        ) : (
          <Link2 className="size-5" />
        )}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex flex-wrap items-baseline gap-x-1.5 text-sm">
          <span className="sr-only">Open </span>
          <span className="font-semibold text-slate-900">{post.platformLabel}</span>
          {post.platform ? <span className="text-slate-600">· {post.kind}</span> : null}
        </span>
        {post.id || post.handle ? (
          <span className="flex flex-wrap items-baseline gap-x-2 text-sm">
            {post.id ? (
              <span className="font-mono text-[0.8125rem] break-all text-slate-800" data-testid="post-id">
                {post.id}
              </span>
            ) : null}
            {post.handle ? (
              <span className="break-all text-slate-600" data-testid="post-handle">
                {post.id ? 'by ' : ''}
                {post.handle}
              </span>
            ) : null}
          </span>
        ) : post.platform ? (
          <span className="text-xs text-amber-800">No post id in this link</span>
        ) : null}
        <span className="text-xs break-all text-mint-700 group-hover:underline">{post.display}</span>
        <span className="sr-only">(opens in a new tab)</span>
      </span>
      <ExternalLink aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
    </a>
  );
}
