// Rescale Lab's service worker: keeps the lab working offline after a first visit. It goes
// to the network first (so a new deployment is picked up at once) and answers from its cache
// only when the network fails. Same-origin GET requests only; the scope is the folder the
// lab is served from, so it works under any host path.
// tools/build.sh names the cache after the build and lists the built files (every lab's
// module, the hashed style sheet and boot loader) in the marked list, so offline covers every
// lab, not only the ones visited.
const CACHE = 'rescale-lab-v1';
const SHELL = ['./', './index.html', './static/favicon.svg', './static/exercises.json', './static/samples/hashmap-savepoint/_metadata', './static/samples/rocksdb-checkpoint/_metadata', /*PRECACHE*//*PRECACHE*/];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('rescale-lab-') && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true }).then((hit) => hit || caches.match('./index.html'))),
  );
});
