import { PRODUCT_NAME } from '../../shared/constants';
import { escapeHtml } from './web-meta';

/** A server-rendered page without script (the brand's report, the Instagram data deletion status), kept off search. */
export function plainHtmlPage(page: {
  title: string;
  /** The robots meta's content. */
  robots: string;
  /** More head tags, one a line. */
  meta?: string[];
  /** The style sheet's rules, one a line. */
  style: string[];
  /** The main element's inner HTML, indented by its caller. */
  main: string;
}): string {
  const meta = (page.meta ?? []).map((tag) => `  ${tag}\n`).join('');
  const style = page.style.map((rule) => `    ${rule}\n`).join('');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="${page.robots}">
${meta}  <title>${escapeHtml(page.title)} | ${escapeHtml(PRODUCT_NAME)}</title>
  <style>
${style}  </style>
</head>
<body>
  <main>
${page.main}
  </main>
</body>
</html>
`;
}
