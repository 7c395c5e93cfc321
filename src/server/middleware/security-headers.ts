import type { MiddlewareHandler } from 'hono';

/** What a page may load: only our own origin, nothing framed, no plugins. */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Device and payment features the product never uses stay off, for our pages and anything they embed. Only names
 * browsers know (Chromium logs an error on every page for one it does not, as it did for `bluetooth`).
 */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'fullscreen=(self)',
].join(', ');

type HeaderList = ReadonlyArray<readonly [string, string]>;

/** Browsers only honour HSTS over https; on plain http (development) it would only confuse. */
function hstsHeaders(https: boolean): HeaderList {
  return https ? [['Strict-Transport-Security', 'max-age=63072000; includeSubDomains']] : [];
}

/**
 * What a JSON answer carries: no sniffing it as something else, no reading it cross-origin as a subresource, no
 * rendering or framing it as a document (and HSTS over https); and, like every answer (issue 42), no Referer and
 * the features off, so an answer opened as a document keeps the same rules as a page.
 */
export function jsonSecurityHeaders(options: { https: boolean }): HeaderList {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Referrer-Policy', 'no-referrer'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ...hstsHeaders(options.https),
  ];
}

/**
 * Security headers. Pages and files get the full set. JSON answers get only what matters for a JSON body: no
 * sniffing it as something else, no reading it cross-origin as a subresource, no rendering or framing it as a
 * document, plus Referrer-Policy and Permissions-Policy (issue 42, decision 0035). The other page-only headers
 * (framing, COOP, the old IE/Flash ones) do nothing for JSON and would cost bytes on every API answer (decision 0012).
 */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler {
  const hsts = hstsHeaders(options.https);
  const json = jsonSecurityHeaders(options);
  const page: HeaderList = [
    ['Content-Security-Policy', PAGE_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    ...hsts,
  ];
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const list = isJson(headers.get('Content-Type')) ? json : page;
    for (const [name, value] of list) headers.set(name, value);
  };
}

function isJson(type: string | null): boolean {
  return type !== null && /^application\/(?:[\w.-]+\+)?json\b/i.test(type);
}
