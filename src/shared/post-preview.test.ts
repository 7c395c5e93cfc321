import { describe, expect, it } from 'vitest';
import { postPreview } from './post-preview';

describe('postPreview', () => {
  // The link, then what its preview says: platform, kind, id, handle.
  const cases: Array<[string, string | null, string, string | null, string | null]> = [
    // Instagram: post, reel, reels, IGTV; a leading handle is read when it passes the rule.
    ['https://www.instagram.com/p/abc123/', 'instagram', 'Post', 'abc123', null],
    ['https://instagram.com/reel/C7xYz12AbCd?igsh=x', 'instagram', 'Reel', 'C7xYz12AbCd', null],
    ['https://www.instagram.com/reels/C7xYz12AbCd/', 'instagram', 'Reel', 'C7xYz12AbCd', null],
    ['https://www.instagram.com/tv/C7xYz12AbCd/', 'instagram', 'Video', 'C7xYz12AbCd', null],
    ['https://www.instagram.com/ana.glow/p/abc123/', 'instagram', 'Post', 'abc123', '@ana.glow'],
    ['https://www.instagram.com/ana.glow/', 'instagram', 'Link', null, null],
    // TikTok: video and photo posts with the author, short share links.
    [
      'https://www.tiktok.com/@mia.moves/video/7234567890123456789?lang=en',
      'tiktok',
      'Video',
      '7234567890123456789',
      '@mia.moves',
    ],
    [
      'https://www.tiktok.com/@mia.moves/photo/7234567890123456789',
      'tiktok',
      'Photo',
      '7234567890123456789',
      '@mia.moves',
    ],
    ['https://vm.tiktok.com/ZMabc1234/', 'tiktok', 'Share link', 'ZMabc1234', null],
    ['https://www.tiktok.com/t/ZTabc1234/', 'tiktok', 'Share link', 'ZTabc1234', null],
    ['https://www.tiktok.com/@ana/video/1', 'tiktok', 'Link', null, '@ana'],
    // YouTube: watch, youtu.be, shorts, live; a channel page has a handle but no video.
    ['https://www.youtube.com/watch?v=aaaaaaaaaaa', 'youtube', 'Video', 'aaaaaaaaaaa', null],
    ['https://youtu.be/dQw4w9WgXcQ?t=3', 'youtube', 'Video', 'dQw4w9WgXcQ', null],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'Short', 'dQw4w9WgXcQ', null],
    ['https://m.youtube.com/live/dQw4w9WgXcQ', 'youtube', 'Live video', 'dQw4w9WgXcQ', null],
    ['https://www.youtube.com/@glowchannel', 'youtube', 'Link', null, '@glowchannel'],
    // Facebook: page posts and videos, reels, watch, permalinks, share links, fb.watch.
    [
      'https://www.facebook.com/glowpage/posts/1234567890123',
      'facebook',
      'Post',
      '1234567890123',
      'glowpage',
    ],
    [
      'https://www.facebook.com/glowpage/posts/pfbid02abcdefghijKLMNOP',
      'facebook',
      'Post',
      'pfbid02abcdefghijKLMNOP',
      'glowpage',
    ],
    [
      'https://www.facebook.com/glowpage/videos/spring-look/998877665544/',
      'facebook',
      'Video',
      '998877665544',
      'glowpage',
    ],
    ['https://www.facebook.com/reel/1122334455', 'facebook', 'Reel', '1122334455', null],
    ['https://www.facebook.com/watch/?v=1122334455', 'facebook', 'Video', '1122334455', null],
    [
      'https://www.facebook.com/permalink.php?story_fbid=5566778899&id=100012345',
      'facebook',
      'Post',
      '5566778899',
      'profile.php?id=100012345',
    ],
    ['https://www.facebook.com/share/p/1AbCdEfGh/', 'facebook', 'Share link', '1AbCdEfGh', null],
    ['https://fb.watch/abcDEF123/', 'facebook', 'Video', 'abcDEF123', null],
    ['https://www.facebook.com/glowpage', 'facebook', 'Link', null, null],
    // Other sites and text that is not a web link: no platform is assumed.
    ['https://evil.example/p/abc123/', null, 'Link', null, null],
    ['https://instagram.com.evil.example/p/abc123/', null, 'Link', null, null],
    ['javascript:alert(1)', null, 'Link', null, null],
    ['not a url', null, 'Link', null, null],
    [
      'https://www.tiktok.com/@%E0%A4%A/video/7234567890123456789',
      'tiktok',
      'Video',
      '7234567890123456789',
      null,
    ],
  ];
  it.each(cases)('%s', (url, platform, kind, id, handle) => {
    expect(postPreview(url)).toMatchObject({ platform, kind, id, handle });
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
