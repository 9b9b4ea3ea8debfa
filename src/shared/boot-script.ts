// Starts a prerendered or server-rendered page's JavaScript once the page has painted (scripts/prerender.ts
// writes it inline, with the entry and the module preloads in its data attributes). The document policy
// allows this one inline script by its hash (server/platform/security-headers.ts).
export const bootScriptSource = `(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var preloads = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function start() {
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  // Once the page is parsed, two frames: the first paints it, and by the second it is on screen (a paint's
  // presentation can trail it, and a request begun before it counts towards the LCP).
  function afterPaint() {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint);
  else afterPaint();
})();`;
