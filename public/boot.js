/*
 * Server-rendered pages (decision 007) are readable before any script runs. On a slow link their
 * own bytes (CSS, fonts, the main picture) should not share the line with the app's scripts, so
 * this starts the app once the page's main picture has painted, or at the load event, or at the
 * shopper's first touch, key or scroll, whichever comes first (and after 4 s at the latest), and
 * makes again a button press that came before the app was live.
 * The server lists what to fetch in this tag's data attributes.
 */
(function () {
  var tag = document.currentScript;
  var started = false;
  function list(name) {
    return (tag.getAttribute(name) || '').split(' ').filter(Boolean);
  }
  function add(element, attributes) {
    for (var key in attributes) element.setAttribute(key, attributes[key]);
    document.head.appendChild(element);
  }
  function start() {
    if (started) return;
    started = true;
    list('data-fetch').forEach(function (href) {
      add(document.createElement('link'), { rel: 'preload', as: 'fetch', crossorigin: 'anonymous', href: href });
    });
    list('data-preload').forEach(function (href) {
      add(document.createElement('link'), { rel: 'modulepreload', crossorigin: '', href: href });
    });
    add(document.createElement('script'), { type: 'module', crossorigin: '', src: tag.getAttribute('data-entry') });
  }
  var soon = function () {
    setTimeout(start, 0);
  };
  try {
    new PerformanceObserver(function (entries) {
      if (
        entries.getEntries().some(function (entry) {
          return entry.element && entry.element.tagName === 'IMG';
        })
      )
        soon();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    soon();
  }
  if (document.readyState === 'complete') soon();
  else window.addEventListener('load', soon);
  ['pointerdown', 'keydown', 'touchstart', 'scroll'].forEach(function (type) {
    window.addEventListener(type, start, { capture: true, passive: true, once: true });
  });
  setTimeout(start, 4000);

  // A button pressed before the app is live (Add to cart, a wishlist heart) is not lost: the press
  // is held and made again once the page is hydrated (the same element: hydration keeps the DOM).
  var root = document.documentElement;
  var held = null;
  document.addEventListener(
    'click',
    function (event) {
      if (root.hasAttribute('data-live') || !event.target.closest) return;
      var button = event.target.closest('button');
      if (!button) return;
      event.preventDefault();
      held = button;
      start();
    },
    true,
  );
  new MutationObserver(function (changes, observer) {
    if (!root.hasAttribute('data-live')) return;
    observer.disconnect();
    if (held && held.isConnected) held.click();
    held = null;
  }).observe(root, { attributes: true, attributeFilter: ['data-live'] });
})();
