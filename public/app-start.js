// Starts the web app on a page the server rendered (/ and /campaign/:id, decision 0018), once that page has painted:
// the HTML and CSS are the page; the app's code only makes it interactive, so it does not compete with them for the
// network before the first paint. The server writes the entry and its chunks into data-entry and data-preload.
(() => {
  const script = document.currentScript;
  const entry = script?.getAttribute('data-entry');
  if (!entry) return;
  const preloads = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  const start = () => {
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    import(entry);
  };
  // The frame after the first one: the page is on screen.
  requestAnimationFrame(() => setTimeout(start, 0));
})();
