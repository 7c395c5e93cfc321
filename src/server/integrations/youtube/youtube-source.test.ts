import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import contract from '../../../../tests/contracts/youtube-videos-list.json';
import { type FakeYoutube, startFakeYoutube } from '../../../../tests/support/fake-youtube';
import { youtubeVideoId } from '../../../shared/content-metrics';
import { MetricsSourceError } from '../metrics-source';
import { createYoutubeSource } from './youtube-source';

describe('YouTube video ids', () => {
  it('reads the id from every YouTube link form and nothing else', () => {
    const id = 'dQw4w9WgXcQ';
    for (const url of [
      `https://www.youtube.com/watch?v=${id}`,
      `https://youtube.com/watch?feature=share&v=${id}&t=42`,
      `https://m.youtube.com/watch?v=${id}`,
      `https://youtu.be/${id}`,
      `https://youtu.be/${id}?si=abc`,
      `https://www.youtube.com/shorts/${id}`,
      `https://youtube.com/shorts/${id}?feature=share`,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube.com/live/${id}`,
    ]) {
      expect(youtubeVideoId(url), url).toBe(id);
    }
    for (const url of [
      'https://www.youtube.com/@creator',
      'https://www.youtube.com/watch?v=short',
      'https://vimeo.com/123456789',
      `https://notyoutube.com/watch?v=${id}`,
      'not a url',
    ]) {
      expect(youtubeVideoId(url), url).toBeNull();
    }
  });
});

describe('YouTube metrics source against a local fake of the Data API', () => {
  let fake: FakeYoutube;
  const post = (postUrl: string) => ({ submissionId: 1, postUrl });

  beforeAll(async () => {
    fake = await startFakeYoutube();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.quotaExceeded = false;
    fake.forbidden = false;
    fake.serverError = null;
    fake.calls.length = 0;
    fake.queries.length = 0;
    fake.videos.clear();
  });

  const source = (apiKey = fake.apiKey) => createYoutubeSource({ apiKey, apiBase: fake.url });

  it('reads views, likes and comments of several videos in one call, with their title, description and thumbnail', async () => {
    fake.videos.set('aaaaaaaaaaa', {
      viewCount: 1234,
      likeCount: 56,
      commentCount: 7,
      title: 'Glow serum, two weeks in',
      description: 'What changed #ad',
    });
    fake.videos.set('bbbbbbbbbbb', { viewCount: 10, title: 'Unboxing' });
    const readings = await source().read([
      post('https://www.youtube.com/watch?v=aaaaaaaaaaa'),
      post('https://youtu.be/bbbbbbbbbbb'),
      post('https://www.youtube.com/shorts/aaaaaaaaaaa'),
    ]);
    expect(fake.calls).toEqual(['aaaaaaaaaaa,bbbbbbbbbbb']);
    // The snippet comes in the same call (one quota unit for the list, whatever its parts).
    expect(fake.queries[0]!.get('part')).toBe('snippet,statistics');
    const lookA = {
      caption: 'Glow serum, two weeks in\n\nWhat changed #ad',
      // The medium thumbnail (320×180) of snippet.thumbnails.
      thumbnailUrl: 'https://i.ytimg.com/vi/aaaaaaaaaaa/mqdefault.jpg',
    };
    expect(readings).toEqual([
      {
        ok: true,
        figures: { views: 1234, likes: 56, comments: 7, shares: null, saves: null, reach: null },
        look: lookA,
      },
      // Hidden like counts are not in the answer: unknown, not zero.
      {
        ok: true,
        figures: { views: 10, likes: null, comments: null, shares: null, saves: null, reach: null },
        look: { caption: 'Unboxing', thumbnailUrl: 'https://i.ytimg.com/vi/bbbbbbbbbbb/mqdefault.jpg' },
      },
      {
        ok: true,
        figures: { views: 1234, likes: 56, comments: 7, shares: null, saves: null, reach: null },
        look: lookA,
      },
    ]);
  });

  it('says a deleted or private video (left out of items) and a foreign link are gone', async () => {
    const readings = await source().read([
      post('https://www.youtube.com/watch?v=deletedvid1'),
      post('https://www.instagram.com/p/abc'),
    ]);
    expect(readings).toEqual([
      { ok: false, gone: true, reason: 'the video is deleted or private' },
      { ok: false, gone: true, reason: 'not a YouTube video link' },
    ]);
    // The foreign link costs no call of its own.
    expect(fake.calls).toEqual(['deletedvid1']);
  });

  it('tells a used-up quota (403 quotaExceeded), a refused key (400 keyInvalid) and a server error apart', async () => {
    const read = (s = source()) => s.read([post('https://youtu.be/aaaaaaaaaaa')]);
    fake.quotaExceeded = true;
    await expect(read()).rejects.toMatchObject({
      kind: 'quota',
      message: expect.stringContaining('quotaExceeded'),
    });
    fake.quotaExceeded = false;
    const refused = await read(source('wrong-key')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MetricsSourceError);
    expect(refused).toMatchObject({ kind: 'auth', message: expect.stringContaining('keyInvalid') });
    fake.forbidden = true;
    await expect(read()).rejects.toMatchObject({
      kind: 'auth',
      message: expect.stringContaining('403 forbidden'),
    });
    fake.forbidden = false;
    fake.serverError = 503;
    await expect(read()).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(
      createYoutubeSource({ apiKey: 'k', apiBase: 'http://127.0.0.1:9' }).read([
        post('https://youtu.be/aaaaaaaaaaa'),
      ]),
    ).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('sends only what the discovery document allows for videos.list with id (no maxResults), as the contract says', async () => {
    fake.videos.set('aaaaaaaaaaa', { viewCount: 1 });
    const ids = Array.from({ length: 50 }, (_, i) => `vid${String(i).padStart(8, '0')}`);
    await source().read(ids.map((id) => post(`https://youtu.be/${id}`)));
    await source().read([post('https://youtu.be/aaaaaaaaaaa')]);
    expect(fake.queries).toHaveLength(2);
    const allowed = new Set([...contract.methodParameters, ...contract.commonParameters]);
    for (const query of fake.queries) {
      const names = [...query.keys()];
      expect(names.filter((name) => !allowed.has(name))).toEqual([]);
      for (const name of contract.required) expect(query.get(name)).toBeTruthy();
      expect(contract.filters.filter((name) => query.has(name))).toEqual(['id']);
      expect(Object.keys(contract.notWithId).filter((name) => query.has(name))).toEqual([]);
      expect(query.get('part')).toBe('snippet,statistics');
      for (const part of query.get('part')!.split(',')) expect(contract.parts.values).toContain(part);
      expect(query.get('id')!.split(',').length).toBeLessThanOrEqual(50);
    }
    // The fake's snippet holds only VideoSnippet fields, and its thumbnails only ThumbnailDetails sizes.
    const answer = (await (
      await fetch(`${fake.url}/youtube/v3/videos?part=snippet&id=aaaaaaaaaaa&key=${fake.apiKey}`)
    ).json()) as {
      items: Array<{ snippet: Record<string, unknown> & { thumbnails: Record<string, object> } }>;
    };
    const snippet = answer.items[0]!.snippet;
    expect(Object.keys(snippet).filter((f) => !contract.snippet.fields.includes(f))).toEqual([]);
    for (const [size, thumb] of Object.entries(snippet.thumbnails)) {
      expect(contract.thumbnails.sizes).toContain(size);
      expect(Object.keys(thumb).filter((f) => !contract.thumbnails.fields.includes(f))).toEqual([]);
    }
    // The fake holds a request to the same contract: maxResults with id is refused as Google's errors page says.
    const url = new URL(`${fake.url}/youtube/v3/videos`);
    for (const [name, value] of Object.entries({
      part: 'statistics',
      id: 'aaaaaaaaaaa',
      maxResults: '50',
      key: fake.apiKey,
    }))
      url.searchParams.set(name, value);
    const refused = await fetch(url);
    expect(refused.status).toBe(400);
    expect(
      ((await refused.json()) as { error: { errors: Array<{ reason: string }> } }).error.errors[0]?.reason,
    ).toBe('incompatibleParameters');
  });
});
