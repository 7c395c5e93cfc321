import { ExternalLink, Link2 } from 'lucide-react';
import { postPreview } from '../../shared/post-preview';
import type { PostLookView } from '../../shared/schemas/content-metrics';
import { cn } from '../lib/cn';
import { useDisclosure } from '../lib/use-disclosure';
import { PlatformIcon } from './platform-icon';

/** Captions longer than this (or of more than three lines) are clamped to three lines with "more". */
const LONG_CAPTION = 160;

/**
 * A submitted post (issue 24). When the platform's API described it (`preview`, read by the metrics job), the card
 * shows its thumbnail (our stored copy under /uploads: no image is loaded from another origin) and its caption as
 * plain text, clamped to three lines with "more". Always, the platform's icon and name, what the post is and its id
 * (or the author's handle) read from the URL, and the link itself, opened in a new tab. The link's name is its
 * visible text ("Open Instagram · Post abc123 … (opens in a new tab)"), so what a screen reader says matches what is
 * seen.
 */
export function PostPreview({
  url,
  preview,
  className,
}: {
  url: string;
  preview?: PostLookView | null | undefined;
  className?: string;
}) {
  const post = postPreview(url);
  const what = `${post.platformLabel === 'Link' ? 'the linked' : `the ${post.platformLabel}`} ${post.kind.toLowerCase()}${post.id ? ` ${post.id}` : ''}`;
  return (
    <div
      className={cn(
        'flex max-w-full min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-left shadow-xs',
        className,
      )}
      data-testid="post-preview"
      data-platform={post.platform ?? 'other'}
      data-post-id={post.id ?? undefined}
      data-preview={preview ? 'platform' : 'link'}
    >
      {preview?.thumbnailUrl ? (
        <img
          src={preview.thumbnailUrl}
          alt={`Thumbnail of ${what}`}
          loading="lazy"
          className="aspect-video w-full rounded-md bg-slate-100 object-cover"
          data-testid="post-thumbnail"
        />
      ) : null}
      <a
        href={post.url}
        target="_blank"
        rel="noopener noreferrer"
        title={post.url}
        data-platform={post.platform ?? 'other'}
        className={cn(
          'group -m-1 flex min-w-0 items-start gap-3 rounded-md p-1',
          'hover:bg-mint-50/40 focus-visible:ring-2 focus-visible:ring-mint-600 focus-visible:outline-none',
        )}
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
      {preview?.caption ? <PostCaption text={preview.caption} /> : null}
    </div>
  );
}

/** The caption as the platform gives it: plain text (never HTML), three lines until "more" is pressed. */
function PostCaption({ text }: { text: string }) {
  const { open, panelId, toggle } = useDisclosure();
  const long = text.length > LONG_CAPTION || text.split('\n').length > 3;
  return (
    <div className="flex flex-col items-start gap-0.5">
      <p
        id={panelId}
        className={cn(
          'text-sm break-words whitespace-pre-line text-slate-700',
          long && !open && 'line-clamp-3',
        )}
        data-testid="post-caption"
      >
        {text}
      </p>
      {long ? (
        <button
          type="button"
          className="text-xs font-medium text-mint-700 hover:underline focus-visible:ring-2 focus-visible:ring-mint-600 focus-visible:outline-none"
          {...toggle}
        >
          {open ? 'less' : 'more'}
        </button>
      ) : null}
    </div>
  );
}
