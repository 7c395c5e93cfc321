// Starts the app once a server-rendered page has painted (decision 0018; src/server/pages/web-meta.ts).
(() => {
  const s = document.currentScript;
  const entry = s?.getAttribute('data-entry');
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (s.getAttribute('data-preload') || '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    import(entry);
  };
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {}
  setTimeout(start, 3000);
})();
