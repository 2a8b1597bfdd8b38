// Loads the wasm module of the route's lab. A separate file (not an inline script) so the
// page's Content-Security-Policy can forbid inline scripts. tools/build.sh writes the module
// list below (content-hashed file names, relative to index.html): which module holds which lab,
// and the module for every other route. Moving to a lab of another module reloads the page
// (the app asks for it), and this loader then picks that lab's module.
const BUILD = /*BUILD*/{ "modules": {}, "labs": {}, "fallback": "" }/*BUILD*/;
const root = new URL('../', import.meta.url);
const slug = (/^#\/([^?/]*)/.exec(location.hash) || [])[1] || '';
const name = BUILD.labs[slug] || BUILD.fallback;
const [js, wasm] = BUILD.modules[name] || [];
// The app reads this to tell "the lab is in another module" from "the lab is missing".
globalThis.rescaleLabModule = name;

function fail(error) {
  const app = document.getElementById('app');
  if (app) {
    app.textContent = 'Rescale Lab could not start: ' + error;
  }
  console.error(error);
}

// Offline after the first visit (see sw.js). Not in frames: an embed follows its host page.
// Registered once the lab runs: the worker then fetches every module for its cache, which must
// not compete with the route's own download.
function registerWorker() {
  if ('serviceWorker' in navigator && window.top === window.self) {
    navigator.serviceWorker.register(new URL('sw.js', root), { scope: root.pathname }).catch(() => {});
  }
}

if (!js) {
  fail('this copy was not built (run tools/build.sh)');
} else {
  // The wasm download starts at once, beside the glue's.
  const bytes = fetch(new URL(wasm, root));
  import(new URL(js, root).href)
    .then((glue) => glue.default({ module_or_path: bytes }))
    .then(() => setTimeout(registerWorker, 1000), fail);
}
