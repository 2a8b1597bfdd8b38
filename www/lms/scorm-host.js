// A small LMS player for the SCORM specs (www/e2e/lms-scorm.spec.js), doing what an LMS does
// with an uploaded package: it reads imsmanifest.xml (the standard from schemaversion, the
// launch file from the default organization's first item and its resource, the item's
// parameters, the pass mark), sets up the run-time (scorm-again's Scorm12API or Scorm2004API) in
// this window, where the content looks for it, hands it what the "LMS database" (this page's
// localStorage) kept from the learner's last session (status, score, suspend data: what an LMS
// gives back on resume), and opens the launch file in a frame. The attempt counts (1.2's
// cmi.core.credit is "credit", as in an LMS's normal mode; 2004's is by default), so the
// run-time judges a score against the pass mark as LMSs do.
//   scorm-host.html?package=<url of the unzipped package's folder, ending in />
// The spec reads back window.lmsRecord(): every value the content left in the run-time; and
// window.lmsGet(element): what the run-time answers the content's GetValue for it now (2004
// computes cmi.success_status from the score and the pass mark there).
const pkg = new URL(new URLSearchParams(location.search).get('package'), location.href);
const status = document.getElementById('launch');

const manifest = new DOMParser().parseFromString(await (await fetch(new URL('imsmanifest.xml', pkg))).text(), 'application/xml');
const first = (name, within = manifest) => within.getElementsByTagNameNS('*', name)[0];
const version = first('schemaversion').textContent.trim() === '1.2' ? 'scorm12' : 'scorm2004';
const organizations = first('organizations');
const organization = [...organizations.getElementsByTagNameNS('*', 'organization')]
  .find((o) => o.getAttribute('identifier') === organizations.getAttribute('default'));
const item = [...organization.getElementsByTagNameNS('*', 'item')].find((i) => i.getAttribute('identifierref'));
const resource = [...manifest.getElementsByTagNameNS('*', 'resource')]
  .find((r) => r.getAttribute('identifier') === item.getAttribute('identifierref'));
// SCORM 2004 content packaging: the item's parameters join the resource's href.
let href = resource.getAttribute('href');
const parameters = item.getAttribute('parameters') || '';
if (parameters.startsWith('?') && href.includes('?')) href += `&${parameters.slice(1)}`;
else href += parameters;

const stored = `lms-host:${version}:${pkg.pathname}`;
const saved = JSON.parse(localStorage.getItem(stored) || 'null');
const settings = { autocommit: false, logLevel: 5 };
let api;
if (version === 'scorm12') {
  api = new window.Scorm12API(settings);
  const mastery = first('masteryscore', item);
  api.loadFromJSON({
    student_data: mastery ? { mastery_score: mastery.textContent.trim() } : {},
    core: {
      credit: 'credit',
      lesson_mode: 'normal',
      ...(saved ? { entry: 'resume', lesson_status: saved.status, score: saved.score ?? {} } : { entry: 'ab-initio' }),
    },
    suspend_data: saved ? saved.suspend : '',
  });
  window.API = api;
} else {
  api = new window.Scorm2004API(settings);
  const objective = first('primaryObjective', item);
  const measure = objective && objective.getAttribute('satisfiedByMeasure') === 'true' && first('minNormalizedMeasure', objective);
  api.loadFromJSON({
    ...(measure ? { scaled_passing_score: measure.textContent.trim() } : {}),
    ...(saved
      ? { entry: 'resume', completion_status: saved.status, success_status: saved.success ?? 'unknown', score: saved.score ?? {} }
      : { entry: 'ab-initio' }),
    suspend_data: saved ? saved.suspend : '',
  });
  window.API_1484_11 = api;
}

// What the LMS keeps at each commit and at the end of the session.
const calls = [];
const keep = (name) => {
  calls.push(name);
  const cmi = api.cmi;
  const suspend = cmi.suspend_data;
  const status = version === 'scorm12' ? cmi.core.lesson_status : cmi.completion_status;
  const success = version === 'scorm12' ? undefined : cmi.success_status;
  // The score's parts that were set (an unset part stays unset on resume).
  const given = JSON.parse(JSON.stringify(version === 'scorm12' ? cmi.core.score : cmi.score));
  const score = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== ''));
  localStorage.setItem(stored, JSON.stringify({ suspend, status, success, score }));
};
for (const name of version === 'scorm12' ? ['LMSCommit', 'LMSFinish'] : ['Commit', 'Terminate']) {
  api.on(name, () => keep(name));
}
api.on(version === 'scorm12' ? 'LMSInitialize' : 'Initialize', () => calls.push('initialize'));

window.lmsRecord = () => ({ version, href, calls, cmi: JSON.parse(JSON.stringify(api.cmi)) });
window.lmsGet = (element) => (version === 'scorm12' ? api.LMSGetValue(element) : api.GetValue(element));
status.textContent = `Launching ${href} (${version === 'scorm12' ? 'SCORM 1.2' : 'SCORM 2004'}).`;
document.getElementById('sco').src = new URL(href, pkg).href;
