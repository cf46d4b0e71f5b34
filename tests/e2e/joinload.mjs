// A friend on a phone opens a table link (issue 38, "seated within 4 s of
// opening the link"): where the time goes, from opening the link to seated.
//
// The host's page runs unthrottled with loopback relays (link.mjs: a
// WebTorrent tracker and an MQTT broker, no STUN server) and makes a table
// link; each of JOIN_LOAD_RUNS (5) friends then opens it in a fresh
// browser context under Lighthouse's mobile profile, as load.mjs shapes a
// first load (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, applied
// to the page and its workers; CPU 4× slower; a phone's window with
// touch), gives a name and presses Join the moment it can. A probe in the
// page records, in page time from the navigation's start:
//
// - html: the document's last byte (Navigation Timing's responseEnd);
// - for each module of game code (ono99-web, ono99-full): its wasm's last
//   byte (Resource Timing), the end of its compilation and instantiation
//   (WebAssembly.instantiate/instantiateStreaming resolved);
// - started: the app drew its first screen (the page's #boot gone);
// - join visible: the first frame showing an enabled Join button; the
//   name is then typed (an input event) and Join pressed (a click) in the
//   next frame;
// - relay socket open: the first relay WebSocket open (which relay, and
//   the first after Join);
// - offer sent: the first tracker announce carrying an offer, or the first
//   MQTT PUBLISH sent, after Join;
// - answer heard: the first tracker message carrying an answer, or MQTT
//   PUBLISH received, after Join;
// - offer made (createOffer), candidates gathered (ICE gathering complete,
//   which the offer waits for);
// - answer applied (setRemoteDescription), ICE connected, DTLS connected
//   (the peer connection's states), channel open (the first
//   RTCDataChannel open);
// - seated: the first frame showing "Waiting for … to start".
//
// A measurement, never a check: it runs only when asked
// (E2E_TIMING=1 node tests/e2e/run.mjs 'phone opens a table link', inside
// scripts/netns.sh). Medians and each run go to the notes and
// test-results/join-load.json; a screenshot of the first run's seated page
// to test-results/join-phone-seated.png.
import { writeFileSync } from 'node:fs';
import { RESULTS } from './lib.mjs';
import { instrument } from './load.mjs';
import { startRelays } from './relays.mjs';
import { hostWithRelays, tableLink, connected } from './link.mjs';

const PHONE = { width: 390, height: 844 };
// Each run's friend takes a seat of their own (a seat a friend left is
// kept for them), so the host's table has one for each (at most 8 players).
const RUNS = Math.min(7, Math.max(1, Number(process.env.JOIN_LOAD_RUNS) || 5));
const NAME = 'Zoë';

/** Runs in the friend's page before any of its scripts. */
function joinProbe(name) {
  const t = () => Math.round(performance.now());
  const p = { marks: {}, wasm: {}, sockets: [], joinAt: null, frames: 0 };
  window.__join = p;
  const mark = (k) => { if (p.marks[k] === undefined) p.marks[k] = t(); };
  // The modules' compilation (wasm-bindgen's init: instantiateStreaming on
  // a Response, or instantiate on bytes).
  const moduleOf = (src) => {
    const url = src && (src.url || '');
    const m = /(ono99-[a-z]+)[^/]*_bg\.wasm/.exec(url);
    return m ? m[1] : `module ${Object.keys(p.wasm).length + 1}`;
  };
  for (const fn of ['instantiateStreaming', 'instantiate', 'compileStreaming']) {
    const orig = WebAssembly[fn];
    if (!orig) continue;
    WebAssembly[fn] = function (src, ...rest) {
      const started = t();
      const out = orig.call(this, src, ...rest);
      Promise.resolve(src).then((r) => {
        const name_ = moduleOf(r);
        out.then(() => { p.wasm[name_] = { ...(p.wasm[name_] || {}), compileStart: started, compiled: t() }; }, () => {});
      }, () => {});
      return out;
    };
  }
  // The relays' sockets.
  const Orig = window.WebSocket;
  window.WebSocket = function (url, protocols) {
    const ws = protocols === undefined ? new Orig(url) : new Orig(url, protocols);
    const s = { url: String(url), kind: /mqtt/.test(String(protocols || '')) ? 'mqtt' : 'tracker', created: t(), open: null, offer: null, answer: null };
    p.sockets.push(s);
    ws.addEventListener('open', () => { s.open = t(); });
    ws.addEventListener('message', (e) => {
      if (p.joinAt === null || s.answer !== null) return;
      if (typeof e.data === 'string' ? /"answer"/.test(e.data) : (e.data instanceof ArrayBuffer && (new Uint8Array(e.data)[0] & 0xf0) === 0x30)) s.answer = t();
    });
    const send = ws.send.bind(ws);
    ws.send = (data) => {
      if (p.joinAt !== null && s.offer === null) {
        const bytes = typeof data === 'string' ? null : new Uint8Array(data.buffer || data, data.byteOffset || 0, 1);
        if (typeof data === 'string' ? /"offers"/.test(data) : bytes && (bytes[0] & 0xf0) === 0x30) s.offer = t();
      }
      return send(data);
    };
    return ws;
  };
  window.WebSocket.prototype = Orig.prototype;
  for (const k of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) window.WebSocket[k] = Orig[k];
  // WebRTC: the offer made, the data channel open.
  const PC = window.RTCPeerConnection;
  if (PC) {
    const make = PC.prototype.createDataChannel;
    PC.prototype.createDataChannel = function (...args) {
      const ch = make.apply(this, args);
      ch.addEventListener('open', () => mark('channel open'));
      return ch;
    };
    // The answer applied, then ICE connected and DTLS done (the peer
    // connection's state), before the channel opens.
    const remote = PC.prototype.setRemoteDescription;
    PC.prototype.setRemoteDescription = function (...args) {
      mark('answer applied');
      this.addEventListener('iceconnectionstatechange', () => { if (this.iceConnectionState === 'connected') mark('ice connected'); });
      this.addEventListener('connectionstatechange', () => { if (this.connectionState === 'connected') mark('dtls connected'); });
      return remote.apply(this, args);
    };
    const offer = PC.prototype.createOffer;
    PC.prototype.createOffer = function (...args) {
      mark('offer made');
      this.addEventListener('icegatheringstatechange', () => { if (this.iceGatheringState === 'complete') mark('candidates gathered'); });
      const out = offer.apply(this, args);
      return out;
    };
  }
  const shown = (el) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    if (r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) return false;
    return getComputedStyle(el).visibility === 'visible';
  };
  const joinButton = () => [...document.querySelectorAll('main.join button.btn.primary')].find((b) => /^(Join|Unirse|Rejoindre|Entrar)/.test(b.textContent.trim()));
  let typed = false;
  const frame = () => {
    p.frames++;
    if (!document.getElementById('boot')) mark('started');
    const join = joinButton();
    if (p.joinAt === null && join && !join.disabled && shown(join)) {
      mark('join visible');
      if (!typed) {
        const field = document.getElementById('guest-name');
        if (field) {
          field.value = name;
          field.dispatchEvent(new InputEvent('input', { bubbles: true }));
        }
        typed = true;
      } else {
        p.joinAt = t();
        mark('join pressed');
        join.click();
      }
    }
    const waiting = document.querySelector('main.join .waiting');
    if (waiting && shown(waiting) && /start/.test(waiting.textContent)) mark('seated');
    if (p.marks.seated === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : Math.round((s[m - 1] + s[m]) / 2);
};

/** One friend's cold open of the link: the marks, in page time. */
async function coldJoin(ctx, host, link, n) {
  const context = await ctx.browser.newContext({ viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`); });
    // No STUN server (everyone is on this machine), as online.mjs's pages.
    await page.addInitScript(() => localStorage.setItem('ono99.network', 'stun=\nturn=\nturn_user=\nturn_credential=\n'));
    await page.addInitScript(joinProbe, `${NAME} ${n}`);
    await instrument(context, page, ctx.server);
    await page.goto(link, { waitUntil: 'commit', timeout: 60000 });
    await page.waitForFunction(() => window.__join.marks.seated !== undefined, null, { timeout: 60000, polling: 500 }).catch(async (e) => {
      await page.screenshot({ path: `${RESULTS}/join-phone-unseated-${n}.png` }).catch(() => {});
      throw new Error(`join ${n}: not seated within 60 s (${JSON.stringify(await page.evaluate(() => window.__join.marks).catch(() => null))}): ${e.message}`);
    });
    if (n === 1) await page.screenshot({ path: `${RESULTS}/join-phone-seated.png` }).catch(() => {});
    // The host's lobby shows the friend Connected (before the page closes).
    await connected(host, `${NAME} ${n}`);
    const probe = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const files = performance.getEntriesByType('resource').map((r) => ({ file: new URL(r.name).pathname.split('/').pop(), start: Math.round(r.startTime), end: Math.round(r.responseEnd), bytes: r.transferSize }));
      return { ...window.__join, html: Math.round(nav.responseEnd), files, address: location.pathname };
    });
    const marks = { html: probe.html };
    for (const f of probe.files) {
      const m = /^(ono99-[a-z]+)-?[0-9a-f]*_bg\.wasm$/.exec(f.file);
      if (m) {
        marks[`${m[1]} wasm asked`] = f.start;
        marks[`${m[1]} wasm fetched`] = f.end;
      }
      if (/\.css$/.test(f.file)) marks['style sheets'] = Math.max(marks['style sheets'] || 0, f.end);
    }
    for (const [mod, w] of Object.entries(probe.wasm)) marks[`${mod} compiled`] = w.compiled;
    Object.assign(marks, probe.marks);
    const after = (k) => probe.sockets.map((s) => s[k]).filter((x) => x !== null);
    const first = (xs) => (xs.length ? Math.min(...xs) : undefined);
    marks['relay socket open'] = first(after('open'));
    marks['offer sent'] = first(after('offer'));
    marks['answer heard'] = first(after('answer'));
    return { marks, sockets: probe.sockets, files: probe.files, address: probe.address, problems };
  } finally {
    await context.close();
  }
}

/** The marks in the order they happen. */
const ORDER = ['html', 'style sheets', 'ono99-web wasm asked', 'ono99-full wasm asked', 'ono99-web wasm fetched', 'ono99-web compiled', 'ono99-full wasm fetched', 'ono99-full compiled', 'started', 'join visible', 'join pressed', 'relay socket open', 'offer made', 'offer sent', 'answer heard', 'answer applied', 'ice connected', 'dtls connected', 'channel open', 'seated'];

export const joinLoadScenarios = process.env.E2E_TIMING === '1' ? [{
  name: `a friend on a phone opens a table link (Lighthouse mobile profile, ${RUNS} cold loads): open → Join → seated, where the time goes`,
  solo: true,
  serviceWorker: true,
  run: async (ctx) => {
    const relays = await startRelays({});
    const pages = [];
    try {
      const host = await hostWithRelays(ctx, [relays.trackerUrl, relays.brokerUrl], RUNS + 1, RUNS);
      pages.push(host);
      const link = await tableLink(host);
      const runs = [];
      for (let n = 1; n <= RUNS; n++) {
        const r = await coldJoin(ctx, host, link, n);
        runs.push(r);
        const line = ORDER.filter((k) => r.marks[k] !== undefined).map((k) => `${k} ${r.marks[k]}`).join(', ');
        ctx.note(`join ${n} (${r.address}): ${line}`);
        if (r.problems.length) ctx.note(`join ${n}: page problems: ${r.problems.join('; ')}`);
      }
      const keys = [...new Set([...ORDER, ...runs.flatMap((r) => Object.keys(r.marks))])].filter((k) => runs.some((r) => r.marks[k] !== undefined));
      const med = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r.marks[k]))]));
      med['join pressed → seated'] = median(runs.map((r) => r.marks.seated - r.marks['join pressed']));
      ctx.note(`a friend on a phone, open the table link → seated, medians of ${RUNS}: ${Object.entries(med).map(([k, v]) => `${k} ${v}`).join(', ')} (ms)`);
      writeFileSync(`${RESULTS}/join-load.json`, JSON.stringify({ median: med, runs }, null, 2));
    } finally {
      for (const p of pages) await p.context.close().catch(() => {});
      await relays.close();
    }
  },
}] : [];
