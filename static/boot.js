// Loads the wasm app. A separate file (not an inline script) so the page's
// Content-Security-Policy can forbid inline scripts. Paths are relative to index.html.
import init from '../pkg/rescale-lab.js';

init({ module_or_path: new URL('../pkg/rescale-lab_bg.wasm', import.meta.url) }).catch((error) => {
  const app = document.getElementById('app');
  if (app) {
    app.textContent = 'Rescale Lab could not start: ' + error;
  }
  console.error(error);
});

// Offline after the first visit (see sw.js). Not in frames: an embed follows its host page.
if ('serviceWorker' in navigator && window.top === window.self) {
  navigator.serviceWorker.register(new URL('../sw.js', import.meta.url), { scope: new URL('../', import.meta.url).pathname }).catch(() => {});
}
