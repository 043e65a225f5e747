/*
 * Server-rendered pages (decision 007) are readable before any script runs. On a slow link their
 * own bytes (CSS, fonts, the main picture) should not share the line with the app's scripts, so
 * this starts the app once the page's main picture has painted, or at the load event, or at the
 * shopper's first touch, key or scroll, whichever comes first (and after 4 s at the latest), and
 * makes again a button press that came before the app was live. If the scripts fail to load, or a
 * press waits for them longer than 4 s, the press is let go and the shopper is told so, with a
 * reload; links and plain forms never wait for the app.
 * The server lists what to fetch in this tag's data attributes, and the texts of that notice in
 * the page's language (this runs before the app's translations).
 */
(function () {
  var tag = document.currentScript;
  var root = document.documentElement;
  var started = false;
  // The app's scripts have arrived (and run); or they failed to, or a press waited for them too long.
  var loaded = false;
  var failed = false;
  var WAIT_MS = 4000;
  function live() {
    return root.hasAttribute('data-live');
  }
  function list(name) {
    return (tag.getAttribute(name) || '').split(' ').filter(Boolean);
  }
  function add(element, attributes) {
    for (var key in attributes) element.setAttribute(key, attributes[key]);
    document.head.appendChild(element);
    return element;
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
    var script = add(document.createElement('script'), { type: 'module', crossorigin: '', src: tag.getAttribute('data-entry') });
    // Fired when the entry or any module it imports could not be fetched (a stale chunk, no network).
    script.addEventListener('error', giveUp);
    script.addEventListener('load', function () {
      loaded = true;
      failed = false;
    });
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
  // A module the starting app imports (its first page's chunk) could not be fetched.
  window.addEventListener('vite:preloadError', function () {
    if (!live()) giveUp();
  });

  // A button pressed before the app is live (Add to cart, a wishlist heart) is not lost: the press
  // is held and made again once the page is hydrated (the same element: hydration keeps the DOM).
  // Links and forms with an address of their own are never held: they work without the app.
  var held = null;
  var wait = 0;
  var notice = null;
  function plain(button) {
    return button.type === 'submit' && button.form && (button.form.hasAttribute('action') || button.hasAttribute('formaction'));
  }
  document.addEventListener(
    'click',
    function (event) {
      if (!event.target.closest) return;
      // Once the page is live, only a press in a part still on its way (a home section below the
      // first screen hydrates when it comes near it) is held.
      if (live() && !event.target.closest('[data-waiting]')) return;
      var button = event.target.closest('button');
      if (!button || plain(button) || (notice && notice.contains(button))) return;
      event.preventDefault();
      // The live app must not see it too (it might hydrate that part just now): it is made once.
      if (live()) event.stopPropagation();
      if (failed) return show();
      held = button;
      start();
      clearTimeout(wait);
      wait = setTimeout(function () {
        // The scripts are here and the app is starting (a slow phone hydrating): a little longer.
        if (loaded) wait = setTimeout(giveUp, WAIT_MS);
        else giveUp();
      }, WAIT_MS);
    },
    true,
  );
  // Without the app, a held press cannot be made: the shopper is told, and offered a reload.
  function giveUp() {
    if (live() && !(held && held.closest('[data-waiting]'))) return;
    failed = true;
    clearTimeout(wait);
    if (!held) return;
    held = null;
    show();
  }
  function hide() {
    if (notice) notice.remove();
    notice = null;
  }
  function element(name, className, text) {
    var node = document.createElement(name);
    node.className = className;
    if (text) node.textContent = text;
    return node;
  }
  function show() {
    // Inserted anew, so a screen reader announces it again for every press.
    hide();
    notice = element('div', 'boot-notice');
    notice.setAttribute('role', 'alert');
    notice.setAttribute('data-testid', 'boot-notice');
    var retry = element('button', 'btn btn-primary', tag.getAttribute('data-retry'));
    retry.type = 'button';
    retry.addEventListener('click', function () {
      location.reload();
    });
    var close = element('button', 'boot-notice-close');
    close.type = 'button';
    close.setAttribute('aria-label', tag.getAttribute('data-close') || '');
    close.appendChild(element('span', '', '\u00d7')).setAttribute('aria-hidden', 'true');
    close.addEventListener('click', hide);
    notice.appendChild(element('p', '', tag.getAttribute('data-failed')));
    notice.appendChild(retry);
    notice.appendChild(close);
    document.body.appendChild(notice);
  }
  var wasLive = false;
  new MutationObserver(function () {
    if (!live()) return;
    // The app came after all (late, or after a press was given up): its buttons work now.
    if (!wasLive) hide();
    wasLive = true;
    if (!held) return;
    // A press in a part still on its way waits for that part.
    if (held.isConnected && held.closest('[data-waiting]')) return;
    clearTimeout(wait);
    hide();
    var button = held;
    held = null;
    if (button.isConnected) button.click();
  }).observe(root, { attributes: true, subtree: true, attributeFilter: ['data-live', 'data-waiting'] });
})();
