// Lighthouse's default mobile audit of the release build, served the way
// GitHub Pages serves it (gzip, under the build's base path), on this
// machine only.
//
//   node scripts/lighthouse.mjs [dist]        (or: npm run lighthouse -- [dist])
//
// Serves dist/ (default: $DIST or dist) with tests/e2e/server.mjs on
// 127.0.0.1, launches Debian's Chromium ($CHROMIUM or /usr/bin/chromium)
// through chrome-launcher, a fresh profile per run (nothing cached, no
// service worker), runs Lighthouse's default configuration (mobile: a
// Moto G Power-sized screen, simulated slow 4G and a 4× slower CPU) for
// LIGHTHOUSE_RUNS runs (default 3), and writes the four category scores
// and the metrics of every run and their medians to
// test-results/lighthouse.json, the median run's report to
// test-results/lighthouse.html, and a summary to stdout.
//
// Nothing goes to the internet: Chromium resolves no host name (every name
// maps to "not found", only 127.0.0.1 is reached) and runs without its
// background traffic; this process refuses any connection that is not to
// the loopback address (error reporting, a downloaded browser: Lighthouse
// needs neither); and every request Lighthouse saw the page make must be to
// the local server, or the script fails. Run it inside scripts/netns.sh
// for a network with nothing outside at all.
//
// Exit code: 0 when the audits ran (the scores are reported, not judged),
// 1 when they could not run or something reached outside.
import net from 'node:net';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Refuse, before anything else is loaded, every outgoing connection that
// is not to this machine's loopback (Lighthouse speaks to Chromium over
// 127.0.0.1; nothing else is needed).
const refused = [];
const loopback = (host) => !host || host === 'localhost' || host === '::1' || /^127\./.test(host) || host === '::ffff:127.0.0.1';
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  // net.connect() hands the socket its normalized arguments as one array.
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const opts = first && typeof first === 'object' ? first : null;
  const host = opts ? opts.host : (typeof args[1] === 'string' ? args[1] : undefined);
  // A local pipe has a path and no port (an HTTP request's options carry
  // its URL's path too, with a port).
  const isPipe = opts ? opts.port === undefined && opts.path !== undefined : typeof first === 'string' && Number.isNaN(Number(first));
  if (!isPipe && !loopback(host)) {
    refused.push(String(host));
    throw new Error(`scripts/lighthouse.mjs: refused a connection to ${host} (nothing may leave this machine)`);
  }
  return connect.apply(this, args);
};

const { default: lighthouse, generateReport } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');
const { serve } = await import('../tests/e2e/server.mjs');

const DIST = process.argv[2] || process.env.DIST || 'dist';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);
const RESULTS = 'test-results';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
  // No host name resolves: only the local server (127.0.0.1) loads.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
  tti: 'interactive',
};

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The figures of one report: scores out of 100, metrics in ms (CLS as is). */
function figures(lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c] ? Math.round(lhr.categories[c].score * 100) : null]));
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([k, id]) => {
    const a = lhr.audits[id];
    const v = a && typeof a.numericValue === 'number' ? a.numericValue : null;
    return [k, v === null ? null : (k === 'cls' ? Number(v.toFixed(3)) : Math.round(v))];
  }));
  // What kept a category under 100: its scored audits that did not pass.
  const missed = {};
  for (const c of CATEGORIES) {
    const cat = lhr.categories[c];
    if (!cat) continue;
    missed[c] = cat.auditRefs
      .filter((r) => r.weight > 0 && lhr.audits[r.id] && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 1)
      .map((r) => `${r.id} (${lhr.audits[r.id].displayValue || lhr.audits[r.id].score})`);
  }
  const requests = ((lhr.audits['network-requests'] || {}).details || {}).items || [];
  return {
    scores,
    metrics,
    missed,
    requests: requests.map((r) => r.url),
    transferBytes: requests.reduce((s, r) => s + (r.transferSize || 0), 0),
    warnings: lhr.runWarnings || [],
  };
}

async function main() {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error(`${DIST}/index.html not found: build first (trunk build --release --offline --public-url /ono99/)`);
    process.exit(1);
  }
  mkdirSync(RESULTS, { recursive: true });
  const server = await serve(resolve(DIST));
  console.log(`serving ${DIST}/ (gzip) at ${server.url}; Chromium ${CHROMIUM}; ${RUNS} runs of Lighthouse's default mobile audit`);
  const runs = [];
  const reports = [];
  try {
    for (let i = 1; i <= RUNS; i++) {
      // A fresh Chromium and profile for each run: a cold first visit.
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, logLevel: 'silent' });
      try {
        const result = await lighthouse(server.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
        if (!result || !result.lhr) throw new Error('Lighthouse returned no report');
        const f = figures(result.lhr);
        const outside = f.requests.filter((u) => !u.startsWith(server.origin + '/') && !/^(data|blob|chrome-extension|about):/.test(u));
        if (outside.length) throw new Error(`the page requested outside the local server: ${outside.join(', ')}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        runs.push(f);
        reports.push(result.lhr);
        const m = f.metrics;
        console.log(`run ${i}: performance ${f.scores.performance}, accessibility ${f.scores.accessibility}, best practices ${f.scores['best-practices']}, SEO ${f.scores.seo}; `
          + `FCP ${m.fcp} ms, LCP ${m.lcp} ms, TBT ${m.tbt} ms, SI ${m.si} ms, TTI ${m.tti} ms, CLS ${m.cls}; ${(f.transferBytes / 1024).toFixed(1)} KB transferred`);
      } finally {
        await chrome.kill();
      }
    }
  } finally {
    await server.close();
  }
  if (refused.length) throw new Error(`connections refused to: ${[...new Set(refused)].join(', ')}`);

  const med = {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])),
    metrics: Object.fromEntries(Object.keys(METRICS).map((k) => [k, median(runs.map((r) => r.metrics[k]))])),
  };
  // The report kept: the run whose performance score is the median's.
  const pick = runs.map((r, i) => [Math.abs(r.scores.performance - med.scores.performance), i]).sort((a, b) => a[0] - b[0])[0][1];
  const lhr = reports[pick];
  writeFileSync(join(RESULTS, 'lighthouse.html'), generateReport(lhr, 'html'));
  writeFileSync(join(RESULTS, 'lighthouse.json'), JSON.stringify({
    url: server.url,
    dist: DIST,
    lighthouse: lhr.lighthouseVersion,
    chromium: lhr.environment && lhr.environment.hostUserAgent,
    formFactor: lhr.configSettings.formFactor,
    throttlingMethod: lhr.configSettings.throttlingMethod,
    throttling: lhr.configSettings.throttling,
    goals: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 },
    median: med,
    runs,
  }, null, 2));

  const s = med.scores;
  const m = med.metrics;
  console.log(`\nLighthouse ${lhr.lighthouseVersion}, mobile (${lhr.configSettings.throttlingMethod} throttling), median of ${runs.length}:`);
  console.log(`  performance ${s.performance} (goal 95), accessibility ${s.accessibility}, best practices ${s['best-practices']}, SEO ${s.seo} (goal 100 each)`);
  console.log(`  FCP ${m.fcp} ms, LCP ${m.lcp} ms, TBT ${m.tbt} ms, speed index ${m.si} ms, TTI ${m.tti} ms, CLS ${m.cls}`);
  for (const [c, list] of Object.entries(runs[pick].missed)) {
    if (list.length) console.log(`  ${c}, not passed: ${list.join(', ')}`);
  }
  for (const w of runs[pick].warnings) console.log(`  warning: ${w}`);
  console.log(`  written: ${RESULTS}/lighthouse.json, ${RESULTS}/lighthouse.html`);
}

main().catch((err) => {
  console.error(`lighthouse: ${err && err.stack || err}`);
  process.exit(1);
});
