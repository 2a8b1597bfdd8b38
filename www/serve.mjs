// A dependency-free static file server for dist/, bound to 127.0.0.1 only, serving as a real
// host should: the right MIME types (application/wasm included), brotli (else gzip) for text and
// wasm when the browser accepts it (compressed once per file version), an ETag with `no-cache` so a
// new deployment is seen at once and an unchanged file costs a 304 (content-hashed files:
// cached for ever, `immutable`), CORS for the embed host
// script and for sets/shared/ (exercise sets another site reads). It never lists directories and refuses paths that leave the served folder.
//   node www/serve.mjs --port 8080 --dir dist
import { createServer } from 'node:http';
import { brotliCompress, constants, gzipSync } from 'node:zlib';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const port = Number(option('--port', process.env.PORT || '8080'));
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`rescale-lab serve: the port must be a whole number from 1 to 65535, not '${option('--port', process.env.PORT || '8080')}'`);
  process.exit(1);
}
const root = resolve(option('--dir', 'dist'));

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

// Text and wasm compress well; images (already compressed) are sent as they are.
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.svg', '.json', '.txt']);
const gzipped = new Map();
// Brotli (about 18% smaller than gzip on the wasm) is made in the background, at start-up for
// every file and again for a changed one; until it is ready the file goes out as gzip.
const brotlied = new Map();
function brotliOf(file, key, body) {
  if (!brotlied.has(key)) {
    brotlied.set(key, null);
    const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
    brotliCompress(body, { params }, (error, out) => {
      if (error) brotlied.delete(key);
      else brotlied.set(key, out);
    });
  }
  return brotlied.get(key);
}
const versionOf = (info) => `${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}`;

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://localhost');
    let path = normalize(decodeURIComponent(url.pathname));
    if (path.endsWith('/')) path += 'index.html';
    const file = join(root, path);
    if (file !== root && !file.startsWith(root + sep)) throw Object.assign(new Error('outside'), { code: 'ENOENT' });
    const info = await stat(file);
    if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
    const accepts = req.headers['accept-encoding'] || '';
    const key = `${file}:${versionOf(info)}`;
    let body = await readFile(file);
    let encoding = null;
    if (compressible.has(extname(file))) {
      const br = /\bbr\b/.test(accepts) ? brotliOf(file, key, body) : null;
      if (br) {
        body = br;
        encoding = 'br';
      } else if (/\bgzip\b/.test(accepts)) {
        if (!gzipped.has(key)) gzipped.set(key, gzipSync(body, { level: 9 }));
        body = gzipped.get(key);
        encoding = 'gzip';
      }
    }
    const etag = `"${versionOf(info)}${encoding ? `-${encoding}` : ''}"`;
    const headers = {
      'content-type': types[extname(file)] || 'application/octet-stream',
      // A content-hashed file (name.<12 hex>.ext, from tools/build.sh) never changes: cached for
      // ever. Everything else (index.html, sw.js, …) is revalidated each time.
      'cache-control': /\.[0-9a-f]{12}\.[a-z]+$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      etag,
      vary: 'accept-encoding',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (encoding) headers['content-encoding'] = encoding;
    // The embed host script is included by pages of other origins, with an integrity hash,
    // which needs CORS.
    if (path.endsWith('/embed-host.js')) headers['access-control-allow-origin'] = '*';
    // A folder shared with every site (www/sets/shared/: the exercise sets other origins read).
    if (path.startsWith('/sets/shared/')) headers['access-control-allow-origin'] = '*';
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch (error) {
    const missing = error && (error.code === 'ENOENT' || error instanceof URIError);
    res.writeHead(missing ? 404 : 500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(missing ? 'not found\n' : 'server error\n');
  }
});

// A port that is taken (or refused) ends the server with one line, status 1, never silently.
server.on('error', (error) => {
  const why = error && error.code === 'EADDRINUSE' ? 'is already in use' : `cannot be opened (${error && error.code})`;
  console.error(`rescale-lab serve: port ${port} on 127.0.0.1 ${why}: pass another port, e.g. bash tools/serve.sh 9000`);
  process.exit(1);
});

// --probe: only check that the port can be opened, then stop (tools/serve.sh does this before
// it spends minutes building).
const probe = args.includes('--probe');
server.listen(port, '127.0.0.1', () => {
  if (probe) {
    server.close(() => process.exit(0));
    return;
  }
  console.log(`serving ${root} at http://127.0.0.1:${port}/`);
  warm(root).catch(() => {});
});

/** Starts the brotli of every compressible file of the site: its top level, pkg/ and static/. */
async function warm(dir, top = true) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && (!top || entry.name === 'pkg' || entry.name === 'static')) await warm(path, false);
    else if (entry.isFile() && compressible.has(extname(path))) {
      const info = await stat(path);
      brotliOf(path, `${path}:${versionOf(info)}`, await readFile(path));
    }
  }
}
