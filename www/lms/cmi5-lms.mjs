// The test's stand-in for the parts of a cmi5 LMS that the real LRS does not play, and the
// real LRS itself: ralph-malph (PyPI) with its file-system backend, on loopback.
//
// What is real: the LRS (ralph) stores and validates every statement, authenticates every
// request with the credentials the LMS hands out as the auth token, and answers the queries.
// ralph runs from ralph-lrs.py, which says the one thing it changes (its file-system backend
// appends, where 5.1.0 refuses every write after the first).
// What stands in, and why: ralph has no State resource (the AU reads its launch data and keeps
// its progress there) and sends no CORS headers (the AU runs on another origin), so this small
// server does what the LMS would: it imports the course structure (cmi5.xml), writes
// LMS.LaunchData for each launch, sends the LMS's own `launched` statement, hands out the auth
// token once per launch (the fetch URL), keeps the State resource, and passes the Statement
// resource through to ralph unchanged, adding only CORS headers.
import { spawn, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, request } from 'node:http';
import { connect, createServer as netServer } from 'node:net';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SESSION = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const CMI5 = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const USER = 'lms';
const PASSWORD = 'lms-secret';
const token = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');

/** Starts ralph on `port` with a fresh store under `dir`; resolves once it answers. */
export async function startRalph(dir, port) {
  const home = process.env.RALPH_HOME || join(homedir(), '.cache/rescale-lab/ralph-5.1.0');
  const ralph = join(home, 'bin/ralph');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'data'), { recursive: true });
  // Its history file too is the store's own: ralph's default is one file per user
  // (~/.config/ralph/history.json), which every read rewrites whole, so two LRSs of two spec
  // workers corrupted it between them (a query failed 500, "Extra data", 2 of 5 stressed runs).
  const env = {
    ...process.env,
    RALPH_AUTH_FILE: join(dir, 'auth.json'),
    RALPH_HISTORY_FILE: join(dir, 'history.json'),
    RALPH_RUNSERVER_BACKEND: 'fs',
  };
  try {
    execFileSync(ralph, ['auth', '-u', USER, '-p', PASSWORD, '-s', 'all', '-M', 'mailto:lms@example.org', '-w'], { env, stdio: 'pipe' });
  } catch (error) {
    throw new Error(`the LRS ralph-malph could not be set up at ${ralph} (tools/setup.sh installs it): ${error.message}`);
  }
  // A port already taken (an LRS left by an interrupted run) would answer the heartbeat below
  // with that LRS and its old statements: refused by name instead.
  await new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`port ${port} is taken: an LRS left from an earlier run? (pkill -f ralph-lrs.py)`)));
    probe.listen(port, '127.0.0.1', () => probe.close(resolve));
  });
  const launcher = fileURLToPath(new URL('./ralph-lrs.py', import.meta.url));
  const child = spawn(join(home, 'bin/python'), [launcher, String(port), join(dir, 'data')], { env, stdio: 'pipe' });
  let log = '';
  child.stdout.on('data', (d) => { log += d; });
  child.stderr.on('data', (d) => { log += d; });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`ralph stopped at start-up:\n${log}`);
      const up = await lrsCall({ url }, '/__lbheartbeat__').then((r) => r.ok, () => false);
      if (up) break;
      // Asked again on what ralph says (a log line, or its exit), or 100 ms on: ralph logs that
      // it runs a moment before it answers, and under load that moment was long enough for
      // the heartbeat to miss it, with no line after it to wait for (the hook timed out).
      await new Promise((resolve) => {
        const done = () => {
          clearTimeout(again);
          child.stdout.off('data', done);
          child.stderr.off('data', done);
          child.off('exit', done);
          resolve();
        };
        const again = setTimeout(done, 100);
        child.stdout.on('data', done);
        child.stderr.on('data', done);
        child.on('exit', done);
      });
    }
  } catch (error) {
    // A start-up that failed leaves no LRS behind on the port (the next run would refuse it).
    child.kill();
    throw error;
  }
  return { url, stop: () => child.kill(), log: () => log };
}

/** One call to the LRS on a connection of its own (`agent: false`), never a kept-alive one: a
 * repeated run (`--repeat-each`, as `tools/stress.sh` runs every spec) stops the LRS and starts
 * another on the same port, and a connection pooled from the one before went to a process on
 * its way out (the race hunt saw ECONNRESET and HTTP 500 on the `launched` statement, 3 runs in
 * 3 and 2 in 3; each call on a connection of its own: 18 of 18). Resolves to
 * `{ status, ok, text }`; rejects when no answer came (15 s at most). */
function lrsCall(lrs, path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const out = request(`${lrs.url}${path}`, { method, headers: { 'x-experience-api-version': '1.0.3', ...headers }, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const status = res.statusCode;
        resolve({ status, ok: status >= 200 && status < 300, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    out.on('error', reject);
    // An LRS that takes the request and never answers: an answer all the same (502, above).
    out.setTimeout(15_000, () => out.destroy(new Error('no answer in 15 s')));
    out.end(body);
  });
}

/** Reads what an LRS holds for a query (every page, through its `more` links), oldest first by
 * the time the LRS stored each (ralph's fs backend does not keep `ascending`'s order). */
export async function statementsOf(lrs, query) {
  const out = [];
  let next = `/xAPI/statements?${new URLSearchParams({ ...query, limit: '50' })}`;
  while (next) {
    const r = await lrsCall(lrs, next, { headers: { authorization: `Basic ${token}` } });
    if (!r.ok) throw new Error(`the LRS answered ${r.status} to ${next}: ${r.text}`);
    const body = JSON.parse(r.text);
    out.push(...body.statements);
    next = body.more || '';
  }
  return out.sort((a, b) => a.stored.localeCompare(b.stored));
}

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, X-Experience-API-Version',
  'access-control-expose-headers': 'X-Experience-API-Version',
  'access-control-max-age': '600',
};

const body = (req) => new Promise((resolve) => {
  const parts = [];
  req.on('data', (p) => parts.push(p));
  req.on('end', () => resolve(Buffer.concat(parts)));
});

/** The stand-in LMS in front of `lrs`, with the course read from the package folder `pkgDir`. */
export async function startLms(lrs, pkgDir) {
  const xml = readFileSync(join(pkgDir, 'cmi5.xml'), 'utf8');
  const au = /<au\s([^>]*)>/.exec(xml)[1];
  const attr = (name) => new RegExp(`${name}="([^"]*)"`).exec(au)?.[1];
  const course = { auId: attr('id'), masteryScore: Number(attr('masteryScore')), moveOn: attr('moveOn'), url: /<url>([^<]*)<\/url>/.exec(xml)[1] };
  const state = new Map();
  const fetchIds = new Map();
  const stateKey = (p) => {
    const agent = JSON.parse(p.get('agent') || '{}');
    return [p.get('stateId'), p.get('activityId'), agent.account?.homePage, agent.account?.name, p.get('registration')].join('|');
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://lms');
    const send = (status, text, type = 'application/json') => {
      res.writeHead(status, { ...cors, 'content-type': type });
      res.end(text);
    };
    if (process.env.LMS_LOG) console.log('LMS', req.method, url.pathname, (req.headers['content-length'] || ''));
    if (req.method === 'OPTIONS') return send(204, '');
    // The LMS's page a finished AU returns to (the launch data's returnURL).
    if (url.pathname === '/returned') return send(200, '<!doctype html><title>LMS</title><h1>Back in the LMS</h1>', 'text/html');
    if (url.pathname.startsWith('/fetch/')) {
      const id = url.pathname.slice('/fetch/'.length);
      if (req.method !== 'POST' || !fetchIds.has(id)) return send(404, '{}');
      if (fetchIds.get(id)) return send(200, JSON.stringify({ 'error-code': '1', 'error-text': 'This launch has already fetched its token.' }));
      fetchIds.set(id, true);
      return send(200, JSON.stringify({ 'auth-token': token }));
    }
    if (req.headers.authorization !== `Basic ${token}`) return send(401, '{"error":"not authorized"}');
    if (url.pathname === '/xapi/activities/state') {
      const key = stateKey(url.searchParams);
      if (req.method === 'GET') return state.has(key) ? send(200, state.get(key).text, state.get(key).type) : send(404, '');
      if (req.method === 'PUT' || req.method === 'POST') {
        state.set(key, { text: (await body(req)).toString('utf8'), type: req.headers['content-type'] || 'application/octet-stream' });
        return send(204, '');
      }
    }
    // The LRS's `more` links name its own path (/xAPI/statements): passed through as well.
    if (url.pathname === '/xapi/statements' || url.pathname === '/xAPI/statements') {
      const headers = {
        authorization: req.headers.authorization,
        'content-type': req.headers['content-type'] || 'application/json',
        'x-experience-api-version': req.headers['x-experience-api-version'] || '1.0.3',
      };
      const sent = req.method === 'GET' ? undefined : await body(req);
      // An LMS whose LRS did not answer says so (502), rather than leaving the AU waiting.
      const forwarded = await lrsCall(lrs, `/xAPI/statements${url.search}`, { method: req.method, headers, body: sent })
        .catch((error) => ({ status: 502, text: JSON.stringify({ error: `the LRS did not answer: ${error.message}` }) }));
      if (process.env.LMS_LOG) console.log('LMS <-', forwarded.status, forwarded.text.slice(0, 200));
      return send(forwarded.status, forwarded.text);
    }
    return send(404, '{}');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;

  /** Launches the AU for a learner: launch data (`returnURL` if `back`; the launch `mode`,
   * Normal, Browse or Review), `launched`, a one-use fetch URL; the AU's URL. */
  async function launch(packageUrl, learner, registration, back = false, mode = 'Normal') {
    const actor = { objectType: 'Agent', name: learner, account: { homePage: origin, name: learner } };
    const sessionId = randomUUID();
    const contextTemplate = { contextActivities: { grouping: [{ id: course.auId }] }, extensions: { [SESSION]: sessionId } };
    const key = ['LMS.LaunchData', course.auId, origin, learner, registration].join('|');
    const launchData = { contextTemplate, launchMode: mode, masteryScore: course.masteryScore, moveOn: course.moveOn };
    if (back) launchData.returnURL = `${origin}/returned?registration=${registration}`;
    state.set(key, { text: JSON.stringify(launchData), type: 'application/json' });
    const auUrl = new URL(course.url, packageUrl);
    const launched = {
      id: randomUUID(),
      actor,
      verb: { id: 'http://adlnet.gov/expapi/verbs/launched', display: { 'en-US': 'launched' } },
      object: { id: course.auId, objectType: 'Activity' },
      context: {
        registration,
        contextActivities: { ...contextTemplate.contextActivities, category: [{ id: CMI5 }] },
        extensions: {
          ...contextTemplate.extensions,
          'https://w3id.org/xapi/cmi5/context/extensions/launchmode': mode,
          'https://w3id.org/xapi/cmi5/context/extensions/launchurl': auUrl.href,
          'https://w3id.org/xapi/cmi5/context/extensions/moveon': course.moveOn,
        },
      },
      timestamp: new Date().toISOString(),
    };
    const stored = await lrsCall(lrs, '/xAPI/statements', {
      method: 'POST',
      headers: { authorization: `Basic ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(launched),
    });
    if (!stored.ok) throw new Error(`the LRS refused the launched statement: ${stored.status} ${stored.text}`);
    const fetchId = randomUUID();
    fetchIds.set(fetchId, false);
    const params = new URLSearchParams({
      endpoint: `${origin}/xapi/`,
      fetch: `${origin}/fetch/${fetchId}`,
      actor: JSON.stringify(actor),
      registration,
      activityId: course.auId,
    });
    auUrl.search += `${auUrl.search ? '&' : '?'}${params}`;
    return { url: auUrl.href, sessionId };
  }

  /** The document `stateId` the AU last stored for `registration` (the text it PUT), if any. */
  const stateOf = (stateId, registration) =>
    [...state.entries()].find(([key]) => key.startsWith(`${stateId}|`) && key.endsWith(`|${registration}`))?.[1].text;

  return { origin, course, launch, stateOf, stop: () => server.close() };
}

/** A loopback TCP relay in front of `origin` (the LMS's xAPI): the room's network, which a test
 * can cut (the port refuses, every open connection is reset) and mend (the same port answers
 * again). Unlike a route a test intercepts, a cut relay also fails the requests a page starts
 * as it goes away. Resolves to `{ origin, cut, mend, stop }`; `cut` and `mend` resolve once done. */
export async function startRelay(origin) {
  const target = new URL(origin);
  const sockets = new Set();
  let server;
  const listen = (port) => new Promise((resolve, reject) => {
    server = netServer((socket) => {
      const upstream = connect(Number(target.port), target.hostname);
      for (const s of [socket, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {});
      }
      socket.pipe(upstream).pipe(socket);
    });
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server.address().port));
  });
  const port = await listen(0);
  const cut = () => new Promise((resolve) => {
    server.close(() => resolve());
    for (const s of sockets) s.destroy();
  });
  return { origin: `http://127.0.0.1:${port}`, cut, mend: () => listen(port), stop: cut };
}
