// Shared pieces of the end-to-end tests: the browser, a page that records
// every console error, page error, failed or foreign request and CSP
// violation, and helpers that play the game the way a person would, by
// accessible names.
import { chromium } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const RESULTS = 'test-results';
mkdirSync(RESULTS, { recursive: true });

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
    ],
  });
}

/** Runs in the page before any of its scripts: records long tasks, CSP
 *  violations and when the first playable card appeared. */
function pageProbe() {
  window.__probe = { longTasks: [], csp: [], firstPlayable: null, startVisible: null, busy: [] };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__probe.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) { /* Long Tasks API missing: nothing recorded */ }
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__probe.csp.push(`${e.violatedDirective} ${e.blockedURI}`);
  });
  const watch = new MutationObserver(() => {
    const p = window.__probe;
    if (p.startVisible === null && document.querySelector('button.btn.primary')) p.startVisible = performance.now();
    if (p.firstPlayable === null && document.querySelector('button.card-btn.playable')) {
      p.firstPlayable = performance.now();
    }
  });
  const arm = () => watch.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
  if (document.documentElement) arm(); else document.addEventListener('DOMContentLoaded', arm);
}

/** A new page whose problems are collected in `problems`. */
export async function openPage(browser, server, { viewport = { width: 1280, height: 800 }, reducedMotion, hasTouch = false, locale, colorScheme = 'dark', serviceWorkers } = {}) {
  // The device's theme: dark unless a scenario asks for light (the app's
  // Automatic theme follows it).
  const context = await browser.newContext({ viewport, hasTouch, colorScheme, ...(serviceWorkers ? { serviceWorkers } : {}), reducedMotion: reducedMotion || 'no-preference', ...(locale ? { locale } : {}) });
  const problems = [];
  // Anything not from our own server is refused and reported.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(server.origin + '/')) return route.continue();
    problems.push(`request to another origin: ${url}`);
    return route.abort();
  });
  const page = await context.newPage();
  await page.addInitScript(pageProbe);
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    if (/Content.Security.Policy/i.test(msg.text())) problems.push(`CSP message: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  // A reload or a navigation cancels what the old page was still loading
  // (the search worker, the favicon): no fault of the page. A request is
  // excused if a navigation of the page started after it did (a move to
  // about:blank, which makes no request, counts when the test asks). The
  // search worker, which loads in the background, stays excused whenever
  // it is cancelled.
  //
  // A request may also start between a navigation's start and its commit
  // (the old page goes on loading: its favicon, say) and be cancelled by
  // that commit, which Chromium may report before or after the cancelled
  // request: such a request is held as a problem only until the page's
  // next commit shows up.
  let navigations = 0;
  let commits = 0;
  const startedAt = new WeakMap();
  const committedAt = new WeakMap();
  const held = [];
  page.on('request', (req) => {
    startedAt.set(req, navigations);
    committedAt.set(req, commits);
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) navigations += 1;
  });
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    commits += 1;
    for (let i = held.length - 1; i >= 0; i--) {
      if (commits > held[i].since) {
        const at = problems.indexOf(held[i].problem);
        if (at >= 0) problems.splice(at, 1);
        held.splice(i, 1);
      }
    }
  });
  // Leaving for about:blank makes no request: it counts as it is asked
  // for (what it cancels, the favicon say, fails before it commits).
  const goto = page.goto.bind(page);
  page.goto = (url, options) => {
    if (url === 'about:blank') navigations += 1;
    return goto(url, options);
  };
  page.on('requestfailed', (req) => {
    const f = req.failure();
    const cancelled = f && /ERR_ABORTED/.test(f.errorText) && startedAt.has(req) && navigations > startedAt.get(req) + (req.isNavigationRequest() ? 1 : 0);
    if (cancelled) return;
    if (/ono99-worker/.test(req.url()) && f && /ERR_ABORTED/.test(f.errorText)) return;
    const aborted = f && /ERR_ABORTED/.test(f.errorText) && committedAt.has(req) && !req.isNavigationRequest();
    if (aborted && commits > committedAt.get(req)) return;
    const problem = `request failed: ${req.url()} ${f ? f.errorText : ''}`;
    problems.push(problem);
    if (aborted) held.push({ problem, since: committedAt.get(req) });
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return { context, page, problems };
}

/** Fails with every problem the page recorded, CSP violations included. */
export async function assertClean(page, problems) {
  const csp = await page.evaluate(() => (window.__probe ? window.__probe.csp : [])).catch(() => []);
  const all = [...problems, ...csp.map((c) => `CSP violation: ${c}`)];
  if (all.length) throw new Error(`page problems:\n  ${all.join('\n  ')}`);
}

export function assert(cond, message) {
  if (!cond) throw new Error(message);
}

export async function load(page, server) {
  await page.goto(server.url, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
}

export async function shot(page, name) {
  // Let the total finish counting to its value (a frame loop, which
  // Playwright's "animations: disabled" does not settle).
  await page.waitForFunction(() => !document.querySelector('.counting'), null, { timeout: 2000 }).catch(() => {});
  await page.screenshot({ path: `${RESULTS}/${name}.png`, fullPage: false, animations: 'disabled' });
}

// ----- reading the table -------------------------------------------------------

/** The value a card name adds to the total (defaults: no floor, dead 99s). */
export function cardValue(name) {
  const n = name.replace('\u2212', '-').trim();
  if (/^-?\d+$/.test(n)) return n === '99' ? 0 : Number(n);
  return 0; // Reverse, Play 2, Double Play, Hold, ONO 99
}

/** One consistent snapshot of the screen (taken in a single page task). */
export async function snapshot(page) {
  return page.evaluate(() => {
    const totalEl = document.querySelector('.total[aria-label]');
    const totalLabel = totalEl ? totalEl.getAttribute('aria-label') : null;
    const log = [...document.querySelectorAll('.log li li')].map((li) => li.textContent);
    const cards = [...document.querySelectorAll('.hand button.card-btn')].map((b) => ({
      name: b.getAttribute('aria-label'),
      playable: b.getAttribute('aria-disabled') !== 'true',
      reason: b.getAttribute('aria-describedby')
        ? (document.getElementById(b.getAttribute('aria-describedby')) || {}).textContent || ''
        : null,
    }));
    const dialog = document.querySelector('[role="dialog"]');
    const logList = document.querySelector('.log .log-hands');
    return {
      totalPly: totalEl ? totalEl.getAttribute('data-ply') : null,
      logPly: logList ? logList.getAttribute('data-ply') : null,
      totalLabel,
      shownTotal: totalEl ? totalEl.querySelector('.total-value').textContent : null,
      log,
      cards,
      four: !!document.querySelector('.hand button.four-ono'),
      dialog: dialog ? dialog.textContent : null,
      dialogHeading: dialog ? (dialog.querySelector('h2') || {}).textContent : null,
      nextHand: !!(dialog && [...dialog.querySelectorAll('button')].some((b) => b.textContent === 'Next hand')),
      // The hand that put you out of the match (tokens, points).
      knockedOut: !!(dialog && [...dialog.querySelectorAll('button')].some((b) => b.textContent === 'Watch the rest')),
      matchOver: !!(dialog && [...dialog.querySelectorAll('button')].some((b) => b.textContent === 'Play again')),
      alert: (document.querySelector('.play [role="alert"]') || {}).textContent || null,
      prompt: (document.querySelector('.hand .prompt') || {}).textContent || '',
    };
  });
}

export function parseTotal(label) {
  const m = /^Total ([\u2212-]?\d+)$/.exec(label || '');
  if (!m) throw new Error(`total's accessible name is not "Total <n>": ${JSON.stringify(label)}`);
  return Number(m[1].replace('\u2212', '-'));
}

const PLAY_LINE = /^(?:You play|.+ plays) (.+) — total ([\u2212-]?\d+)$/;
const DISCARD_LINE = /^(?:You discard|.+ discards) four .+ — total ([\u2212-]?\d+)$/;

/** Checks the call-outs of the current hand add up to the total shown. */
export function checkTotalAgainstLog(snap) {
  const total = parseTotal(snap.totalLabel);
  assert(String(total) === snap.shownTotal.replace('\u2212', '-'), `visible total ${snap.shownTotal} differs from its name ${snap.totalLabel}`);
  let start = 0;
  snap.log.forEach((line, i) => { if (/^Hand \d+ is dealt/.test(line)) start = i; });
  let sum = 0;
  for (const line of snap.log.slice(start)) {
    let m = PLAY_LINE.exec(line);
    if (m) {
      sum += cardValue(m[1]);
      const said = Number(m[2].replace('\u2212', '-'));
      assert(said === sum, `log says total ${said} after "${line}", but the cards add up to ${sum}`);
      continue;
    }
    m = DISCARD_LINE.exec(line);
    if (m) assert(Number(m[1].replace('\u2212', '-')) === sum, `discard line "${line}" has the wrong total`);
  }
  assert(sum === total, `the cards in the log add up to ${sum}, the total shows ${total}; the hand's last lines: ${JSON.stringify(snap.log.slice(Math.max(start, snap.log.length - 6)))}`);
  return total;
}

/**
 * A snapshot whose total agrees with the log, checked once. The total and
 * the log carry the number of actions they were drawn from (`data-ply`);
 * the page renders both from one state, so they must agree in every frame.
 */
export async function checkedSnapshot(page) {
  const snap = await busy(page, () => snapshot(page));
  assert(snap.totalPly === snap.logPly, `the total shows action ${snap.totalPly}, the log action ${snap.logPly}`);
  checkTotalAgainstLog(snap);
  return snap;
}

/** The animations that move nothing and change no colour a test reads:
 *  the ring that throbs round a total near 99 (`throb`, 3.6 s) and the
 *  glow on the lesson's pick (`lesson-glow`, 4.8 s). No wait for the page
 *  to be at rest waits for them. */
export const DECORATIVE = ['throb', 'lesson-glow'];

/** Waits until no card is moving (a person doesn't click a card in
 *  flight either); endless animations (the loading spinner) don't count,
 *  nor do those that move no card and that nobody waits for before
 *  playing: the total's change label ("+9", `delta`, fading out for 1.6 s),
 *  the winner's confetti (`fall`, about 3 s) and the DECORATIVE ones.
 *  Waiting for the label after every play cost the suite most of its
 *  time. */
export async function settled(page) {
  await page.waitForFunction(
    (skip) => document.getAnimations().every((a) => a.playState !== 'running'
      || a.effect.getTiming().iterations === Infinity
      || skip.includes(a.animationName)),
    ['delta', 'fall', ...DECORATIVE],
    { timeout: 5000, polling: 30 },
  );
}

/** Waits until something needs the person: a playable card, a dialog. */
export async function waitForDecision(page, timeout = 120000) {
  await page.waitForFunction(
    () => document.querySelector('[role="dialog"]') || document.querySelector('.hand button.card-btn.playable') || document.querySelector('.hand button.four-ono'),
    null,
    { timeout, polling: 50 },
  );
}

/** A random stream in [0, 1) from `seed` (mulberry32): with a fixed deal
 *  (`?seed=`) and the bots' own seeded streams, "random" picks play the
 *  same match on every run. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Plays the match to its end like a person: on each turn, tries an
 * unplayable card (it must be refused and change nothing), then clicks a
 * legal card (`pick`: the first, or one drawn from `random`); after every
 * play checks the total against the log. Returns statistics of the match.
 */
export async function playToEnd(page, { pick = 'random', random = Math.random, tryIllegal = true, maxTurns = 2000 } = {}) {
  const stats = { myPlays: 0, refused: 0, hands: 1, checks: 0, fourOno: 0, owedTwo: 0 };
  for (let turn = 0; turn < maxTurns; turn++) {
    await waitForDecision(page);
    await settled(page);
    let snap = await checkedSnapshot(page);
    stats.checks++;
    if (snap.matchOver) return { ...stats, snap };
    if (snap.nextHand) {
      await busy(page, () => page.getByRole('button', { name: 'Next hand' }).click());
      stats.hands++;
      continue;
    }
    if (snap.knockedOut) {
      // Out of the match: watch the bots play on, as a person may.
      await busy(page, () => page.getByRole('button', { name: 'Watch the rest' }).click());
      stats.hands++;
      continue;
    }
    if (/must play two cards/.test(snap.prompt)) stats.owedTwo++;
    const playable = snap.cards.filter((c) => c.playable);
    const unplayable = snap.cards.filter((c) => !c.playable);
    if (tryIllegal && unplayable.length) {
      const bad = unplayable[0];
      assert(bad.reason && bad.reason.length > 3, `unplayable "${bad.name}" has no reason`);
      const before = snap;
      const after = await busy(page, async () => {
        await page.getByRole('button', { name: bad.name, exact: true }).first().click({ force: true });
        return snapshot(page);
      });
      assert(after.totalLabel === before.totalLabel, `refused ${bad.name} changed the total`);
      assert(JSON.stringify(after.cards.map((c) => c.name)) === JSON.stringify(before.cards.map((c) => c.name)), `refused ${bad.name} changed the hand`);
      assert(after.log.length === before.log.length, `refused ${bad.name} added to the log`);
      assert(after.alert && after.alert.includes(bad.reason), `refusing ${bad.name} showed no reason (alert: ${after.alert})`);
      stats.refused++;
    }
    if (snap.four && random() < 0.5) {
      await busy(page, () => page.getByRole('button', { name: /^Discard four / }).click());
      stats.fourOno++;
    } else if (playable.length) {
      const choice = pick === 'first' ? playable[0] : playable[Math.floor(random() * playable.length)];
      await busy(page, () => page.getByRole('button', { name: choice.name, exact: true }).and(page.locator('.playable')).first().click());
    } else if (snap.four) {
      await busy(page, () => page.getByRole('button', { name: /^Discard four / }).click());
      stats.fourOno++;
    } else {
      continue;
    }
    stats.myPlays++;
    await checkedSnapshot(page);
    stats.checks++;
  }
  throw new Error(`match did not end within ${maxTurns} decisions`);
}

/**
 * An online table, host and one friend (at `friendSeat`) in their own
 * pages, bots in the other seats: each plays the first card they can (as
 * seeds are found natively) until it is the host's turn with at least `n`
 * actions on the table. Each look at the host's table is one page task,
 * so the stop is exact; each play is awaited on the host's total. Returns
 * the number of actions, once the friend's page shows the same table.
 */
export async function playToHostTurn(host, friend, friendSeat, n, limit = 500) {
  const PLAY = '.hand button.card-btn.playable, .hand button.four-ono';
  const shows = (p, ply) => p.waitForFunction(
    (ply) => Number(document.querySelector('.total[aria-label]')?.getAttribute('data-ply')) === ply, ply, { timeout: 20000 });
  for (let i = 0; i < limit; i++) {
    const t = await host.evaluate(([play, seat]) => ({
      ply: Number(document.querySelector('.total[aria-label]').getAttribute('data-ply')),
      mine: !!document.querySelector(play),
      friend: !!document.querySelector(`.felt .seat.to-act[data-seat="${seat}"]`),
      over: [...document.querySelectorAll('[role="dialog"] button')].some((b) => b.textContent === 'Play again'),
    }), [PLAY, String(friendSeat)]);
    if (t.over) throw new Error(`the match ended at action ${t.ply}, before the host's turn after ${n}`);
    if (t.mine && t.ply >= n) {
      await shows(friend, t.ply);
      return t.ply;
    }
    if (t.mine) {
      await host.locator(PLAY).first().click();
    } else if (t.friend) {
      await shows(friend, t.ply);
      // A friend's picked card waits with Undo; a second tap plays it now.
      await friend.locator(PLAY).first().dblclick();
    }
    // A bot's move, or the play just made: the host's total moves on.
    await host.waitForFunction(
      (ply) => Number(document.querySelector('.total[aria-label]').getAttribute('data-ply')) > ply, t.ply, { timeout: 20000 });
  }
  throw new Error(`not the host's turn after ${n} actions within ${limit} looks`);
}

/**
 * Plays an online table from its host's page until `until()`, a step at a
 * time. Each look at the host's table is one page task (its number of
 * actions, a summary or the result, whose seat is to act), and the step
 * acts only on what waits for a click, so nothing races the app: the host
 * plays its first playable card (or discards four ONO 99) at its turn and
 * presses "Next hand" on a summary; a friend in `friends` ({ seat, page })
 * plays the same way at their seat's turn, once their page shows the
 * host's table; every other seat (a bot, a bot standing in) is awaited on
 * the host's total. A failed click fails the scenario, and a seat nobody
 * plays is an error after 20 s, not an endless wait. Returns the number of
 * steps taken.
 */
export async function playOnline(host, friends, until, limit = 4000) {
  const PLAY = '.hand button.card-btn.playable, .hand button.four-ono';
  const seats = friends.map((f) => String(f.seat));
  for (let i = 0; i < limit; i++) {
    const t = await host.evaluate(([play, seats]) => {
      const buttons = [...document.querySelectorAll('[role="dialog"] button')].map((b) => b.textContent);
      return {
        ply: Number(document.querySelector('.total[aria-label]')?.getAttribute('data-ply')),
        mine: !!document.querySelector(play),
        next: buttons.includes('Next hand'),
        over: buttons.includes('Play again'),
        friend: seats.find((s) => document.querySelector(`.felt .seat.to-act[data-seat="${s}"]`)) ?? null,
      };
    }, [PLAY, seats]);
    // Asked after the look: a stop that came meanwhile is not played past.
    if (await until()) return i;
    if (t.over) throw new Error(`the match ended (action ${t.ply}) before the scenario's stop`);
    if (t.next) {
      const next = host.getByRole('button', { name: 'Next hand' });
      await next.click();
      await next.waitFor({ state: 'detached' });
      continue;
    }
    if (t.mine) {
      await host.locator(PLAY).first().click();
    } else if (t.friend !== null) {
      const friend = friends.find((f) => String(f.seat) === t.friend).page;
      await friend.waitForFunction(([ply, play]) => Number(document.querySelector('.total[aria-label]')?.getAttribute('data-ply')) === ply
        && document.querySelector(play), [t.ply, PLAY], { timeout: 20000 });
      // A friend's picked card waits with Undo; a second tap plays it now.
      await friend.locator(PLAY).first().dblclick();
    }
    // The play just made, or a bot's: the host's table moves on (or the
    // hand's final table gives way to its summary, or the match ends).
    await host.waitForFunction((ply) => {
      const buttons = [...document.querySelectorAll('[role="dialog"] button')].map((b) => b.textContent);
      return Number(document.querySelector('.total[aria-label]')?.getAttribute('data-ply')) !== ply
        || buttons.includes('Next hand') || buttons.includes('Play again');
    }, t.ply, { timeout: 20000 }).catch((err) => {
      throw new Error(`nothing moved on the host's table after action ${t.ply} within 20 s (a seat nobody plays?): ${err.message}`);
    });
  }
  throw new Error(`the scenario's stop not reached within ${limit} steps`);
}

/** Runs `fn` (a test action: locating by role, clicking, reading the
 *  DOM) inside a window the long-task measurement leaves out, since that
 *  work runs on the page's main thread too. */
export async function busy(page, fn) {
  await page.evaluate(() => window.__probe.busy.push([performance.now(), Infinity]));
  try {
    return await fn();
  } finally {
    await page.evaluate(() => { const b = window.__probe.busy; b[b.length - 1][1] = performance.now(); });
  }
}

/** Sets a labelled <select> on the setup screen. */
export async function choose(page, label, value) {
  await page.getByLabel(label, { exact: true }).selectOption(value);
}

/** Opens the header's settings panel, if it is not open (by its gear
 *  button, whatever the language). */
export async function openSettings(page) {
  const button = page.locator('.settings-btn:visible');
  if (await button.getAttribute('aria-expanded') !== 'true') await button.click();
  await page.locator('#settings-panel').waitFor();
}

/** Closes the settings panel with its Close button. */
export async function closeSettings(page) {
  await page.locator('#settings-panel .settings-foot .btn').click();
  await page.locator('#settings-panel').waitFor({ state: 'detached' });
}

/** Sets the bots' speed as a person would: Settings, "Bot speed", Close. */
export async function setSpeed(page, value) {
  await openSettings(page);
  await page.getByLabel('Bot speed', { exact: true }).selectOption(value);
  await closeSettings(page);
}

/** The bots' speed the settings show now. */
export async function readSpeed(page) {
  await openSettings(page);
  const value = await page.getByLabel('Bot speed', { exact: true }).inputValue();
  await closeSettings(page);
  return value;
}

/** Switches the language in the settings; `label` is the selector's label
 *  in the language shown now ("Language", "Langue", "Idioma"). */
export async function setLanguage(page, label, code) {
  await openSettings(page);
  await page.getByLabel(label, { exact: true }).selectOption(code);
  await closeSettings(page);
}

/** Long tasks since `since`: all of them, and those outside the test's
 *  own busy windows (the app's). */
export async function longTasks(page, since = 0) {
  return page.evaluate((since) => {
    const p = window.__probe;
    const all = p.longTasks.filter((t) => t.start >= since);
    const overlaps = (t) => p.busy.some(([a, b]) => t.start < b && t.start + t.duration > a);
    return { all, app: all.filter((t) => !overlaps(t)) };
  }, since);
}

/** Runs `fn(page, context)` in a fresh page; fails on any console error,
 *  failed request or policy violation the page saw, and keeps a screenshot
 *  of a failure. */
export async function withPage(ctx, options, fn) {
  const { context, page, problems } = await openPage(ctx.browser, ctx.server, options);
  try {
    await fn(page, context);
    await assertClean(page, problems);
  } catch (err) {
    await page.screenshot({ path: `test-results/failure-${ctx.current}.png` }).catch(() => {});
    throw err;
  } finally {
    await context.close();
  }
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page (through the DevTools protocol, so the page's
 *  CSP needs no exception) and fails on serious or critical violations. */
export async function audit(page, where) {
  const result = await page.evaluate(async ([src, decorative]) => {
    // axe's source first, before anything is awaited: the CSP lets this
    // call evaluate a string only while DevTools' own call runs (after a
    // wait for an animation it refused it: a theme switch starts the
    // buttons' transitions).
    if (!window.axe) (0, eval)(src);
    // Let opening animations (a panel fading in) end first: axe measures
    // contrast against the colours of the moment.
    // (Not the DECORATIVE ones, which change no colour of the text.)
    const finite = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime)
      && !decorative.includes(a.animationName));
    await Promise.all(finite.map((a) => a.finished.catch(() => {})));
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  }, [AXE, DECORATIVE]);
  const bad = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert(bad.length === 0, `${where}: accessibility violations:\n  ${bad.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.join(', ')})`).join('\n  ')}`);
}
