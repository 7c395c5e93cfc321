// Starts the app after the first paint of a server-rendered page (decision 0018; src/server/web-meta.ts).
(() => {
  const s = document.currentScript;
  const entry = s?.getAttribute('data-entry');
  if (!entry) return;
  const start = () => {
    for (const href of (s.getAttribute('data-preload') || '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    import(entry);
  };
  requestAnimationFrame(() => setTimeout(start, 0));
})();
