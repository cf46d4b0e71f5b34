// The game over the life of a real deployment and on a failing network:
// the first download failing or stalling, the whole app unreachable, and
// a second deployment of the site while tabs of the first stay open.
//
// The second deployment is a real second build: the same sources with
// one wording changed, in English and French ("No finished games yet (new
// version)." on the statistics), which `scripts/dev.sh second-deployment` builds into
// target/dist-second (the test command builds it before this suite; set
// DIST_SECOND to use another). Its own server, with GitHub Pages' caching
// header, serves one deployment at a time: the first's files are gone
// once the second is deployed.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { serve } from './server.mjs';
import { assert, assertClean, choose, openPage, openSettings, RESULTS, setSpeed, shot, waitForDecision } from './lib.mjs';

const DIST = process.env.DIST || 'dist';
const SECOND = process.env.DIST_SECOND || 'target/dist-second';
/** The second deployment's changed wording. */
const CHANGED = 'No finished games yet (new version).';
/** A file named by its content: `<name>-<hex hash><ending>`. */
const HASHED = /^(.+)-([0-9a-f]{8,16})((?:_bg|_loader)?\.[a-z]+)$/;

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else out.push(p);
  }
  return out;
}

/** The first deployment (a copy of the build) and the second (a copy of
 *  the second build), in folders of their own for each scenario (`tag`). */
function deployments(tag) {
  assert(existsSync(join(SECOND, 'index.html')), `${SECOND}/index.html not found: build the second deployment first (bash scripts/dev.sh second-deployment)`);
  const first = join(RESULTS, `deploy-${tag}-1`);
  const second = join(RESULTS, `deploy-${tag}-2`);
  for (const [from, to] of [[DIST, first], [SECOND, second]]) {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
  }
  for (const which of ['web', 'full']) {
    assert(moduleOf(first, which) !== moduleOf(second, which), `the second deployment's ${which} module has the first's name: is it the same build?`);
  }
  assert(cacheOf(first) !== cacheOf(second), 'the second deployment\'s service worker keeps the first\'s cache version');
  // The wording that changed is the second's only: a build that took the
  // other's compiled code would pass for a deployment and test nothing.
  const changed = Buffer.from(CHANGED);
  const says = (dir) => readFileSync(join(dir, `${moduleOf(dir, 'full')}_bg.wasm`)).includes(changed);
  assert(!says(first), `the first deployment (${DIST}) already says "${CHANGED}": it was built from the second's sources`);
  assert(says(second), `the second deployment (${SECOND}) does not say "${CHANGED}"`);
  return { first, second };
}

/** The module of game code a page of `dir` loads (`web` or `full`). */
function moduleOf(dir, which) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const m = /id="?modules"?[^>]*>([^<]*)</.exec(html);
  return JSON.parse(m[1])[which];
}

/** The cache name the service worker of `dir` keeps its files in. */
function cacheOf(dir) {
  return /'(ono99-[0-9a-f]{16})'/.exec(readFileSync(join(dir, 'sw.js'), 'utf8'))[1];
}

/** The match as a page shows it, in any language: the hand's cards, the
 *  total and how many plays it has seen. */
async function tableOf(page) {
  return page.evaluate(() => ({
    hand: [...document.querySelectorAll('.hand button.card-btn')].map((b) => b.getAttribute('data-card')).sort(),
    total: (document.querySelector('.total .total-value') || {}).textContent || null,
    ply: (document.querySelector('.total[aria-label]') || { getAttribute: () => null }).getAttribute('data-ply'),
  }));
}

/** The page's problems but those `expected` (patterns) explain. */
function unexpected(problems, expected) {
  return problems.filter((p) => !expected.some((e) => e.test(p)));
}

const FAILED_START = [/ONO 99 could not start/, /request failed: .*_bg\.wasm/, /Failed to load resource/];

export const deployScenarios = [
  {
    name: 'first download: blocked, then stalled, it says "The game could not be loaded" with Retry within 15 s; the Quick play tapped meanwhile plays after Retry',
    serviceWorker: true,
    light: true,
    run: async (ctx) => {
      const { context, page, problems } = await openPage(ctx.browser, ctx.server, {});
      try {
        // First refused, then answered never: each is told, and Retry asks again.
        let mode = 'refuse';
        const held = [];
        let tap = () => {};
        const tapped = new Promise((ok) => { tap = ok; });
        await context.route(/ono99-web-[0-9a-f]+_bg\.wasm/, (route) => {
          // Refused once the player has tapped (the page is still up).
          if (mode === 'refuse') return tapped.then(() => route.abort('internetdisconnected'));
          if (mode === 'stall') return new Promise((ok) => held.push(() => ok(route.abort().catch(() => {}))));
          return route.continue();
        });
        await page.goto(ctx.server.url, { waitUntil: 'load' });
        await page.locator('#quick-play').click();
        tap();
        const failure = page.getByRole('alert').filter({ hasText: 'The game could not be loaded' });
        let t0 = Date.now();
        await failure.waitFor({ timeout: 15000 });
        ctx.note(`first download refused: told after ${Date.now() - t0} ms`);
        mode = 'stall';
        await page.getByRole('button', { name: 'Retry' }).click();
        await failure.waitFor({ state: 'hidden', timeout: 2000 });
        t0 = Date.now();
        await failure.waitFor({ timeout: 15000 });
        const stalled = Date.now() - t0;
        assert(stalled >= 9000, `a stalled download was given up after ${stalled} ms, before 10 s without progress`);
        ctx.note(`first download stalled: told after ${stalled} ms`);
        mode = 'answer';
        await page.getByRole('button', { name: 'Retry' }).click();
        // The tap on Quick play, kept through both failures, starts the game.
        await page.getByRole('img', { name: /^Total / }).waitFor({ timeout: 15000 });
        await waitForDecision(page);
        for (const release of held) release();
        await assertClean(page, unexpected(problems, FAILED_START));
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'whole app unreachable: Statistics says so with Back and Retry; Back returns to the setup, Retry opens it; its own page blocked says so too',
    serviceWorker: true,
    run: async (ctx) => {
      // No service worker: it would answer from its copy what is blocked.
      const { context, page, problems } = await openPage(ctx.browser, ctx.server, { serviceWorkers: 'block' });
      try {
        let blocked = true;
        await context.route(/\/app\/(index\.html)?(\?.*)?$/, (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
        await page.goto(ctx.server.url, { waitUntil: 'load' });
        await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
        await page.getByRole('button', { name: 'Statistics' }).click();
        const notLoaded = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
        await notLoaded.waitFor({ timeout: 15000 });
        await page.getByRole('button', { name: 'Back', exact: true }).click();
        await page.getByRole('button', { name: 'Start game' }).waitFor();
        await page.getByRole('button', { name: 'Statistics' }).click();
        await notLoaded.waitFor({ timeout: 15000 });
        blocked = false;
        await page.getByRole('button', { name: 'Retry' }).click();
        await page.getByRole('heading', { name: 'Your statistics' }).waitFor({ timeout: 15000 });
        assert(/\/app\/$/.test(page.url()), `the statistics are at ${page.url()}, not the whole app's page (or its request stayed in the address)`);
        // The whole app's page itself, its module refused: told, with Back
        // to the first page and Retry.
        let refuse = true;
        await context.route(/ono99-full-[0-9a-f]+_bg\.wasm/, (route) => (refuse ? route.abort('internetdisconnected') : route.continue()));
        await page.goto('about:blank');
        await page.goto(`${ctx.server.url}app/#stats`, { waitUntil: 'load' });
        const failure = page.getByRole('alert').filter({ hasText: 'The game could not be loaded' });
        await failure.waitFor({ timeout: 15000 });
        assert(await page.getByRole('link', { name: 'Back' }).isVisible(), 'the whole app\'s page offers no way back');
        refuse = false;
        await page.getByRole('button', { name: 'Retry' }).click();
        await page.getByRole('heading', { name: 'Your statistics' }).waitFor({ timeout: 15000 });
        await assertClean(page, unexpected(problems, [...FAILED_START, /request failed: .*\/app\//, /request failed: .*favicon.*ERR_ABORTED/]));
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'a deployment: a tab left on the first screen opens Statistics after another tab took the new version; the saved match resumes on it; offline play after the update',
    serviceWorker: true,
    long: true,
    run: async (ctx) => {
      const { first, second } = deployments('tabs');
      const site = await serve(first, { cacheControl: 'max-age=600' });
      const { context, page: left, problems } = await openPage(ctx.browser, site, {});
      try {
        // Tab 1: the first screen of the first deployment, left open.
        await left.goto(site.url, { waitUntil: 'load' });
        await left.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
        // Tab 2: a match on the first deployment, kept for offline play.
        const playing = await context.newPage();
        await playing.goto(`${site.url}?seed=63`, { waitUntil: 'load' });
        await choose(playing, 'Number of players', '2');
        await setSpeed(playing, 'instant');
        await playing.getByRole('button', { name: 'Start game' }).click();
        await waitForDecision(playing);
        const before = await tableOf(playing);
        assert(before.hand.length > 0 && before.total !== null, `no match on the table: ${JSON.stringify(before)}`);
        await playing.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
        await playing.close();
        // The second deployment: the first's files are gone.
        site.deploy(second);
        // Tab 3 opens the site: the new version, the match where it was.
        const fresh = await context.newPage();
        await fresh.goto(site.url, { waitUntil: 'load' });
        await waitForDecision(fresh);
        const after = await tableOf(fresh);
        assert(JSON.stringify(after) === JSON.stringify(before),
          `the saved match did not resume after the deployment: ${JSON.stringify(before)} then ${JSON.stringify(after)}`);
        const loaded = await fresh.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
        assert(loaded.some((n) => n.includes(moduleOf(second, 'web'))), 'the reopened site did not run the new deployment');
        // Its service worker takes over, keeping the version before.
        const want = cacheOf(second);
        let state = '';
        for (let i = 0; i < 300; i++) {
          state = await fresh.evaluate(async () => {
            const listed = await (await caches.open('ono99-versions')).match('list');
            const reg = await navigator.serviceWorker.getRegistration();
            return JSON.stringify({ list: listed ? await listed.json() : [], active: reg && reg.active && reg.active.state });
          });
          const now = JSON.parse(state);
          if (now.list.includes(want) && now.active === 'activated') break;
          await fresh.waitForTimeout(100);
        }
        assert(JSON.parse(state).list.includes(want), `the new service worker did not take over: ${state}, wanted ${want}`);
        const kept = await fresh.evaluate(async () => (await caches.keys()).filter((k) => /^ono99-[0-9a-f]{16}$/.test(k)));
        assert(kept.length === 2 && kept.includes(cacheOf(first)), `the versions kept: ${kept.join(', ')}`);
        // Tab 1, still the first deployment's page: Statistics opens.
        await left.getByRole('button', { name: 'Statistics' }).click();
        await left.getByRole('heading', { name: 'Your statistics' }).waitFor({ timeout: 15000 });
        const said = await left.locator('body').innerText();
        assert(!/could not be loaded/.test(said), 'the tab left open says the game could not be loaded');
        // …from the new deployment: its one changed wording shows.
        assert(said.includes(CHANGED), `the tab left open shows the first deployment's statistics: ${said.slice(0, 300)}`);
        // Offline, the updated copy plays the saved match.
        await context.setOffline(true);
        const offline = await context.newPage();
        await offline.goto(site.url, { waitUntil: 'load' });
        await waitForDecision(offline);
        const card = offline.locator('.hand button.card-btn.playable').first();
        const ply = Number(await offline.locator('.total[aria-label]').getAttribute('data-ply'));
        await card.click();
        await offline.waitForFunction((n) => Number(document.querySelector('.total[aria-label]').getAttribute('data-ply')) > n, ply, { timeout: 10000 });
        await context.setOffline(false);
        await assertClean(left, problems);
      } finally {
        await context.close();
        await site.close();
      }
    },
  },
  {
    name: 'a page of an older deployment asked for a language whose file is gone says "A new version of the game is ready" with Reload; Reload opens the new one in that language, the match kept',
    serviceWorker: true,
    run: async (ctx) => {
      const { first, second } = deployments('lang');
      const site = await serve(first, { cacheControl: 'max-age=600' });
      // No service worker: it would answer with its copy of the old file.
      const { context, page, problems } = await openPage(ctx.browser, site, { serviceWorkers: 'block', locale: 'en-US' });
      try {
        await page.goto(`${site.url}?seed=63`, { waitUntil: 'load' });
        await choose(page, 'Number of players', '2');
        await setSpeed(page, 'instant');
        await page.getByRole('button', { name: 'Start game' }).click();
        await waitForDecision(page);
        const before = await tableOf(page);
        assert(before.hand.length > 0 && before.total !== null, `no match on the table: ${JSON.stringify(before)}`);
        site.deploy(second);
        await openSettings(page);
        await page.getByLabel('Language').selectOption('fr');
        const ready = page.getByRole('alert').filter({ hasText: 'A new version of the game is ready' });
        await ready.waitFor({ timeout: 15000 });
        await shot(page, 'deploy-new-version-ready');
        // Nothing changed meanwhile: the page still speaks English and plays.
        assert(await page.locator('html').getAttribute('lang') === 'en', 'the page changed language without its texts');
        await page.getByRole('button', { name: 'Reload' }).click();
        await page.waitForFunction(() => document.documentElement.lang === 'fr', null, { timeout: 20000 });
        await waitForDecision(page);
        const after = await tableOf(page);
        assert(JSON.stringify(after) === JSON.stringify(before),
          `the match did not resume after the reload: ${JSON.stringify(before)} then ${JSON.stringify(after)}`);
        const running = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).find((n) => /ono99-web-[0-9a-f]+\.js/.test(n)));
        assert(String(running).includes(moduleOf(second, 'web')), `after Reload the page runs ${running}, not the new deployment`);
        // The old page's language file was gone: that failure is expected.
        const gone = files(first).map((f) => basename(f)).filter((f) => HASHED.test(f));
        await assertClean(page, unexpected(problems.filter((p) => !gone.some((f) => p.includes(f))), [/status of 404/]));
      } finally {
        await context.close();
        await site.close();
      }
    },
  },
  {
    name: 'a page of an older deployment whose files are gone reloads into the new one once, never "could not be loaded"',
    serviceWorker: true,
    run: async (ctx) => {
      const { first, second } = deployments('stale');
      const site = await serve(second, { cacheControl: 'max-age=600' });
      const { context, page, problems } = await openPage(ctx.browser, site, {});
      try {
        // The page as a browser's cache still holds it: the first deployment's.
        const stale = readFileSync(join(first, 'index.html'), 'utf8');
        let served = 0;
        await page.route(site.url, (route) => {
          if (served++) return route.continue();
          return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: stale });
        });
        await page.goto(site.url, { waitUntil: 'load' });
        await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 20000 });
        const running = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).find((n) => /ono99-web-[0-9a-f]+\.js/.test(n)));
        assert(String(running).includes(moduleOf(second, 'web')), `the page runs ${running}, not the new deployment's ${moduleOf(second, 'web')}`);
        // Asked for three times: stale, by the loader's check (past every
        // cache), and by the reload.
        assert(served === 3, `the page was asked for ${served} times (stale, checked, reloaded)`);
        // The stale page's own files are gone: those failures are expected.
        const gone = files(first).map((f) => basename(f)).filter((f) => HASHED.test(f));
        const stalePage = problems.filter((p) => !gone.some((f) => p.includes(f)));
        await assertClean(page, unexpected(stalePage, FAILED_START));
      } finally {
        await context.close();
        await site.close();
      }
    },
  },
];
