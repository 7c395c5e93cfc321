import { expect } from 'vitest';

/**
 * An open Server-Sent Events answer read as text, as a browser's EventSource receives it: `until(needle)` reads on
 * until the text holds `needle` (failing after `ms`, 2 s by default, with what did arrive); `close()` lets it go.
 */
export function eventStreamText(response: Response) {
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    /** Everything read so far. */
    get text() {
      return text;
    },
    async until(needle: string, ms = 2000) {
      const deadline = Date.now() + ms;
      while (!text.includes(needle)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`"${needle}" did not arrive in ${ms} ms; got ${JSON.stringify(text)}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (chunk?.value) text += decoder.decode(chunk.value);
        if (chunk?.done) break;
      }
    },
    async close() {
      await reader.cancel().catch(() => undefined);
    },
  };
}
