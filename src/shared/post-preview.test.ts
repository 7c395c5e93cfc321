import { describe, expect, it } from 'vitest';
import { postPreview } from './post-preview';

describe('postPreview', () => {
  const cases: Array<
    [string, { platform: string | null; kind: string; id: string | null; handle: string | null }]
  > = [
    // Instagram: post, reel, reels, IGTV; a leading handle is read when it passes the rule.
    [
      'https://www.instagram.com/p/abc123/',
      { platform: 'instagram', kind: 'Post', id: 'abc123', handle: null },
    ],
    [
      'https://instagram.com/reel/C7xYz12AbCd?igsh=x',
      { platform: 'instagram', kind: 'Reel', id: 'C7xYz12AbCd', handle: null },
    ],
    [
      'https://www.instagram.com/reels/C7xYz12AbCd/',
      { platform: 'instagram', kind: 'Reel', id: 'C7xYz12AbCd', handle: null },
    ],
    [
      'https://www.instagram.com/tv/C7xYz12AbCd/',
      { platform: 'instagram', kind: 'Video', id: 'C7xYz12AbCd', handle: null },
    ],
    [
      'https://www.instagram.com/ana.glow/p/abc123/',
      { platform: 'instagram', kind: 'Post', id: 'abc123', handle: '@ana.glow' },
    ],
    ['https://www.instagram.com/ana.glow/', { platform: 'instagram', kind: 'Link', id: null, handle: null }],
    // TikTok: video and photo posts with the author, short share links.
    [
      'https://www.tiktok.com/@mia.moves/video/7234567890123456789?lang=en',
      { platform: 'tiktok', kind: 'Video', id: '7234567890123456789', handle: '@mia.moves' },
    ],
    [
      'https://www.tiktok.com/@mia.moves/photo/7234567890123456789',
      { platform: 'tiktok', kind: 'Photo', id: '7234567890123456789', handle: '@mia.moves' },
    ],
    [
      'https://vm.tiktok.com/ZMabc1234/',
      { platform: 'tiktok', kind: 'Share link', id: 'ZMabc1234', handle: null },
    ],
    [
      'https://www.tiktok.com/t/ZTabc1234/',
      { platform: 'tiktok', kind: 'Share link', id: 'ZTabc1234', handle: null },
    ],
    ['https://www.tiktok.com/@ana/video/1', { platform: 'tiktok', kind: 'Link', id: null, handle: '@ana' }],
    // YouTube: watch, youtu.be, shorts, live; a channel page has a handle but no video.
    [
      'https://www.youtube.com/watch?v=aaaaaaaaaaa',
      { platform: 'youtube', kind: 'Video', id: 'aaaaaaaaaaa', handle: null },
    ],
    [
      'https://youtu.be/dQw4w9WgXcQ?t=3',
      { platform: 'youtube', kind: 'Video', id: 'dQw4w9WgXcQ', handle: null },
    ],
    [
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      { platform: 'youtube', kind: 'Short', id: 'dQw4w9WgXcQ', handle: null },
    ],
    [
      'https://m.youtube.com/live/dQw4w9WgXcQ',
      { platform: 'youtube', kind: 'Live video', id: 'dQw4w9WgXcQ', handle: null },
    ],
    [
      'https://www.youtube.com/@glowchannel',
      { platform: 'youtube', kind: 'Link', id: null, handle: '@glowchannel' },
    ],
    // Facebook: page posts and videos, reels, watch, permalinks, share links, fb.watch.
    [
      'https://www.facebook.com/glowpage/posts/1234567890123',
      { platform: 'facebook', kind: 'Post', id: '1234567890123', handle: 'glowpage' },
    ],
    [
      'https://www.facebook.com/glowpage/posts/pfbid02abcdefghijKLMNOP',
      { platform: 'facebook', kind: 'Post', id: 'pfbid02abcdefghijKLMNOP', handle: 'glowpage' },
    ],
    [
      'https://www.facebook.com/glowpage/videos/spring-look/998877665544/',
      { platform: 'facebook', kind: 'Video', id: '998877665544', handle: 'glowpage' },
    ],
    [
      'https://www.facebook.com/reel/1122334455',
      { platform: 'facebook', kind: 'Reel', id: '1122334455', handle: null },
    ],
    [
      'https://www.facebook.com/watch/?v=1122334455',
      { platform: 'facebook', kind: 'Video', id: '1122334455', handle: null },
    ],
    [
      'https://www.facebook.com/permalink.php?story_fbid=5566778899&id=100012345',
      { platform: 'facebook', kind: 'Post', id: '5566778899', handle: 'profile.php?id=100012345' },
    ],
    [
      'https://www.facebook.com/share/p/1AbCdEfGh/',
      { platform: 'facebook', kind: 'Share link', id: '1AbCdEfGh', handle: null },
    ],
    ['https://fb.watch/abcDEF123/', { platform: 'facebook', kind: 'Video', id: 'abcDEF123', handle: null }],
    ['https://www.facebook.com/glowpage', { platform: 'facebook', kind: 'Link', id: null, handle: null }],
    // Other sites and text that is not a web link: no platform is assumed.
    ['https://evil.example/p/abc123/', { platform: null, kind: 'Link', id: null, handle: null }],
    [
      'https://instagram.com.evil.example/p/abc123/',
      { platform: null, kind: 'Link', id: null, handle: null },
    ],
    ['javascript:alert(1)', { platform: null, kind: 'Link', id: null, handle: null }],
    ['not a url', { platform: null, kind: 'Link', id: null, handle: null }],
    [
      'https://www.tiktok.com/@%E0%A4%A/video/7234567890123456789',
      { platform: 'tiktok', kind: 'Video', id: '7234567890123456789', handle: null },
    ],
  ];
  it.each(cases)('%s', (url, expected) => {
    expect(postPreview(url)).toMatchObject(expected);
  });

  it('reads the link without scheme and www, and names the platform', () => {
    const post = postPreview('https://www.instagram.com/p/abc123/');
    expect(post.display).toBe('instagram.com/p/abc123/');
    expect(post.platformLabel).toBe('Instagram');
    expect(postPreview('https://blog.example/review?x=1')).toMatchObject({
      platformLabel: 'Link',
      display: 'blog.example/review?x=1',
    });
  });
});
