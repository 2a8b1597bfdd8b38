// Loads the wasm module of the route's lab, and keeps every module it has loaded in the page.
// A separate file (not an inline script) so the page's Content-Security-Policy can forbid inline
// scripts. tools/build.sh writes the module list below (content-hashed file names, relative to
// index.html): which module holds which lab, and the module for every other route.
//
// Each module runs in a root element of its own inside #app. Only the route's root is in the
// document; the others are set aside, detached, with their apps alive: moving to a lab of
// another module loads that module once (or shows it again), and Back shows the lab left just
// as it was, with no reload. The app of a root that is set aside writes nothing to the page (no
// link, title, focus, message: src/browser/page.rs asks `isConnected` of its root).
const BUILD = /*BUILD*/{ "modules": {}, "labs": {}, "fallback": "" }/*BUILD*/;
const base = new URL('../', import.meta.url);
const app = document.getElementById('app');
// Module name → its root element; module name → its load (a promise).
const roots = {};
const loads = {};
// The app finds its root here, under its module's name (which its start export gives it).
globalThis.rescaleLabRoots = roots;

/** The module of a hash: the lab's own, or the fallback (home, class view, not found). */
function moduleOf(hash) {
  const slug = (/^#\/([^?/]*)/.exec(hash) || [])[1] || '';
  return BUILD.labs[slug] || BUILD.fallback;
}

function fail(root, error) {
  root.textContent = 'Rescale Lab could not start: ' + error;
  console.error(error);
}

// Offline after the first visit (see sw.js). Not in frames: an embed follows its host page.
// Registered once the first lab runs: the worker then fetches every module for its cache,
// which must not compete with the route's own download.
function registerWorker() {
  if ('serviceWorker' in navigator && window.top === window.self) {
    navigator.serviceWorker.register(new URL('sw.js', base), { scope: base.pathname }).catch(() => {});
  }
}

// Whether a module has started in this page: a later one that cannot load is most likely of a
// build the host has since replaced (its files named by their old hashes are gone).
let started = false;

/** Starts the module `name` in `root` (the glue mounts the app there); `again`: by Retry. */
function load(name, root, again = false) {
  const [js, wasm] = BUILD.modules[name] || [];
  if (!js) {
    fail(root, 'this copy was not built (run tools/build.sh)');
    return Promise.resolve();
  }
  // The wasm download starts at once, beside the glue's.
  const bytes = fetch(new URL(wasm, base)).then((response) => {
    if (!response.ok) throw new Error(`${wasm}: HTTP ${response.status}`);
    return response;
  });
  // Handled below, through the glue: not an unhandled rejection while the glue still loads.
  bytes.catch(() => {});
  return import(new URL(js, base).href)
    .then((glue) => glue.default({ module_or_path: bytes }))
    // Every module is linked from one program: its start export mounts its app in `root`.
    .then((exports) => exports['rescale_lab_start_' + name]())
    .then(() => {
      // Opened from another module's page: focus starts on this page's main, as it does on a
      // module shown again (a page's first module keeps the browser's own start).
      if (started) focusMain(root);
      started = true;
    }, (error) => {
      // Offline (before the service worker has the module, or without one): the reader is
      // told, with Retry, and the labs already in the page stay as they were; a reload would
      // put the browser's offline page in their place. Online, a reload loads the route from
      // the page the host serves now, if the reader is still on it (the module's files are
      // most likely of a build since replaced); the page's first module failing is reported
      // instead (a reload would fail the same way).
      if (started && !navigator.onLine) offline(name, root, again);
      else if (started && root.isConnected) location.reload();
      else fail(root, error);
    });
}

/** The line a root shows while its module loads. */
function loadingLine() {
  const line = document.createElement('p');
  line.className = 'loading';
  line.setAttribute('role', 'status');
  line.textContent = 'Loading Rescale Lab…';
  return line;
}

// The modules that could not be fetched offline: each one's way to try again, taken when the
// reader presses Retry, when the browser is back online while its root is shown, or when its
// root is shown again online (found by a walk-through: it kept its alert until Retry).
const retries = {};
const OFFLINE_TITLE = 'Could not load this lab · Rescale Lab';

/** The module could not be fetched offline: an alert with Retry in its root. */
function offline(name, root, again) {
  delete loads[name];
  const alert = document.createElement('div');
  alert.className = 'alert module-offline';
  alert.setAttribute('role', 'alert');
  alert.textContent = 'Could not load this lab: the page is offline. The labs already open in this page still work (Back). ';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = 'Retry';
  const tryAgain = (byRetry) => {
    delete retries[name];
    window.removeEventListener('online', whenOnline);
    root.replaceChildren(loadingLine());
    loads[name] = load(name, root, byRetry);
  };
  const whenOnline = () => { if (root.isConnected) tryAgain(false); };
  retry.addEventListener('click', () => tryAgain(true));
  window.addEventListener('online', whenOnline);
  retries[name] = () => tryAgain(false);
  alert.append(retry);
  root.replaceChildren(alert);
  // Not the title of the lab left (no app here sets one).
  if (root.isConnected) document.title = OFFLINE_TITLE;
  // Retry pressed while still offline: the focus stays on Retry, not lost with the old button.
  if (again && root.isConnected) retry.focus();
}

// The element that had the focus when another root was shown, by the history entry left (the
// Navigation API's key; the module's name where the browser has none): Back or Forward to that
// entry gives the focus back there, so a keyboard reader goes on from the link they followed.
const focusedIn = {};
let shownEntry = null;

/** Focus was on a link of the root set aside: it starts again at the top of this one. */
function focusMain(root) {
  const main = root.querySelector('main');
  if (main && root.isConnected && !root.contains(document.activeElement)) main.focus({ preventScroll: true });
}

/** Shows the module of the current hash: its root alone in #app, loaded on its first showing. */
function showRoute() {
  const name = moduleOf(location.hash);
  const left = shownEntry;
  shownEntry = globalThis.navigation?.currentEntry?.key ?? name;
  let root = roots[name];
  const first = !root;
  if (first) {
    root = document.createElement('div');
    root.className = 'module-root';
    root.dataset.module = name;
    root.append(loadingLine());
    roots[name] = root;
  }
  if (app.firstElementChild === root && app.childElementCount === 1) return;
  const leaving = app.querySelector('.module-root');
  const moved = leaving !== null;
  if (leaving && left !== null) focusedIn[left] = leaving.contains(document.activeElement) ? document.activeElement : null;
  app.replaceChildren(root);
  // A lab opened by a link starts at its top, as a page of its own would; Back and Forward
  // leave the position to the browser, which restores the entry's own (this runs on popstate,
  // before it does). Where the browser does not say how it got here, a module shown for the
  // first time starts at the top.
  const arrival = globalThis.rescaleLabArrival;
  if (moved && (arrival ? arrival !== 'traverse' : first)) window.scrollTo(0, 0);
  if (first) {
    loads[name] = load(name, root);
  } else if (retries[name]) {
    if (navigator.onLine) retries[name]();
    else document.title = OFFLINE_TITLE;
  } else if (moved) {
    const kept = arrival === 'traverse' ? focusedIn[shownEntry] : null;
    if (kept && root.contains(kept)) {
      kept.focus({ preventScroll: true });
      // The browser then restores the entry's position, which can leave the focused link out
      // of view (observed at 390 px: 860 px above it); the next frame, after that, brings it in.
      requestAnimationFrame(() => {
        if (document.activeElement !== kept) return;
        const box = kept.getBoundingClientRect();
        if (box.bottom <= 0 || box.top >= window.innerHeight) kept.scrollIntoView({ block: 'center' });
      });
    }
    // Where it could not take the focus (hidden, or gone), main does, as on any other arrival.
    focusMain(root);
    // The app shown again reads again what other pages may have changed meanwhile (stored
    // progress): src/browser/page.rs, ShownWatch.
    root.dispatchEvent(new Event('rescale-lab-shown'));
  }
  return loads[name];
}

// How the page came to its current entry, where the browser tells (the Navigation API):
// 'traverse' for Back and Forward. The apps read it too: only Back and Forward keep a lab as
// it was (src/app.rs).
globalThis.rescaleLabArrival = '';
if (globalThis.navigation) {
  // Not a lab writing its link (history.replaceState: a replace that changes no hash) is no
  // arrival, and one that writes on being shown again (src/labs/url_sync.rs) must not turn Back
  // into a link; location.replace to another hash is one.
  globalThis.navigation.addEventListener('navigate', (event) => {
    if (event.navigationType !== 'replace' || event.hashChange) globalThis.rescaleLabArrival = event.navigationType;
  });
} else {
  // Without the Navigation API, a click on a link to another hash of this page is the one
  // arrival known for sure: the hash change it makes reads 'push', any other reads '' (Back,
  // Forward or a typed address: the browser does not say which).
  let clicked = false;
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    const plain = event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
    clicked = Boolean(link && plain && !link.target && link.origin === location.origin
      && link.pathname === location.pathname && link.search === location.search && link.hash !== location.hash);
  }, true);
  // A click whose default a handler prevented navigates nowhere.
  window.addEventListener('click', (event) => { if (event.defaultPrevented) clicked = false; });
  const arrived = () => { globalThis.rescaleLabArrival = clicked ? 'push' : ''; };
  window.addEventListener('popstate', arrived);
  window.addEventListener('hashchange', () => { arrived(); clicked = false; });
}

// In an embed (`embed=1`, inside a frame), a link to a route would open it inside the host's
// frame without the embed's settings (its locks, theme, origin, and the frame's size): it opens
// the full lab in a new tab instead, as "Open in Rescale Lab" does. A link the app handled
// itself (its default prevented) is left alone.
function embedded() {
  const query = location.hash.split('?')[1] || '';
  return window.top !== window.self && new URLSearchParams(query).get('embed') === '1';
}
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[href^="#/"]') : null;
  if (!link || event.defaultPrevented || event.button !== 0 || !embedded()) return;
  event.preventDefault();
  window.open(new URL(link.getAttribute('href'), location.href).href, '_blank', 'noopener');
});

// Before any app's own listener (this script runs first): the apps then see whether their
// root is the one shown. On popstate too, which comes before the browser restores the scroll
// position of the entry it went back to, so that it restores it on the right page.
window.addEventListener('popstate', showRoute);
window.addEventListener('hashchange', showRoute);
// For an app that sees a route of another module before this listener ran.
globalThis.rescaleLabShowRoute = showRoute;
if (app) {
  showRoute().then(() => setTimeout(registerWorker, 1000));
}
