// End-to-end scenarios for what the app keeps: the saved match (resume,
// bad saves), the settings, the statistics, offline play through the
// service worker, and pass-and-play. Each runs in a fresh browser context
// (its own localStorage and service workers); console errors, page errors,
// failed requests and CSP violations fail it.
import {
  assert, audit, choose, playToEnd, readSpeed, setSpeed, shot, snapshot, waitForDecision, withPage,
} from './lib.mjs';

/** What must come back after a reload: hand, total, turn, log, prompt. */
async function tableState(page) {
  const snap = await snapshot(page);
  const turn = await page.evaluate(() => [...document.querySelectorAll('.to-act .name')].map((e) => e.textContent));
  return { cards: snap.cards.map((c) => `${c.name}:${c.playable}`), total: snap.totalLabel, log: snap.log, prompt: snap.prompt, turn };
}

const storage = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);

async function startGame(page, { players = '2', speed = 'instant' } = {}) {
  await choose(page, 'Number of players', players);
  await setSpeed(page, speed);
  await page.getByRole('button', { name: 'Start game' }).click();
  await waitForDecision(page);
}

/** The setup screen of `?seed=63`: the first game started after each
 *  load is dealt from it (2 players, modern, you play the first playable
 *  card: 4 actions, 2 of them yours, found natively), so a game played
 *  "to the end" is the same short match on every run. */
async function loadSeed63(page, server) {
  await page.goto(`${server.url}?seed=63`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
}

/** A bad save in storage, then a reload: the notice, the setup, the save
 *  kept aside, and a new game that plays. */
async function badSave(page, server, makeRaw, noticeText) {
  await loadSeed63(page, server);
  const raw = typeof makeRaw === 'function' ? await makeRaw(page) : makeRaw;
  await page.waitForLoadState('networkidle');
  await page.evaluate((r) => { localStorage.clear(); localStorage.setItem('ono99.save', r); }, raw);
  await page.reload({ waitUntil: 'load' });
  await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
  const notice = page.getByRole('status').filter({ hasText: 'Saved game not restored' });
  await notice.waitFor();
  assert((await notice.textContent()).includes(noticeText), `notice says: ${await notice.textContent()}`);
  assert(await storage(page, 'ono99.save.bad') === raw, 'the bad save was not kept aside');
  assert(await storage(page, 'ono99.save') === null, 'the bad save is still the save');
  await audit(page, 'setup with the bad-save notice');
  // Reloading again keeps it aside (still no game to resume).
  await page.reload({ waitUntil: 'load' });
  await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
  assert(await storage(page, 'ono99.save.bad') === raw, 'a second visit lost the bad save');
  await startGame(page);
  assert(await storage(page, 'ono99.save.bad') === null, 'starting a new game did not drop the bad save');
  const end = await playToEnd(page, { pick: 'first', tryIllegal: false });
  assert(end.snap.matchOver, 'the new game did not finish');
}

export const persistenceScenarios = [
  {
    // Seed 1 (3 players, classic, you play the first playable card): after
    // three of your plays it is your turn again, in hand 1 (found natively).
    name: 'save and resume: a reload mid-match brings back the same hand, total, turn and log; settings persist (seed 1)',
    serviceWorker: true,
    run: (ctx) => withPage(ctx, {}, async (page) => {
      await page.goto(`${ctx.server.url}?seed=1`, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
      await choose(page, 'Number of players', '3');
      await page.getByLabel('Classic (1980)').check();
      await startGame(page, { players: '3', speed: 'instant' });
      // Play a few turns so the log has plays by everyone; each play is
      // awaited on the total before the next look at the table.
      for (let i = 0; i < 3; i++) {
        const snap = await snapshot(page);
        assert(!snap.matchOver && !snap.nextHand, `seed 1: hand 1 ended after ${i} of your plays; the engine or the bots changed, find a new seed`);
        const card = snap.cards.find((c) => c.playable);
        const ply = Number(await page.locator('.total[aria-label]').getAttribute('data-ply'));
        await page.getByRole('button', { name: card.name, exact: true }).and(page.locator('.playable')).first().click();
        await page.waitForFunction((n) => Number(document.querySelector('.total[aria-label]').getAttribute('data-ply')) > n, ply);
        await waitForDecision(page);
      }
      const before = await tableState(page);
      assert(before.log.length > 3, 'nothing happened before the reload');
      await shot(page, 'resume-before');
      await page.reload({ waitUntil: 'load' });
      await waitForDecision(page, 15000);
      const after = await tableState(page);
      assert(JSON.stringify(after) === JSON.stringify(before), `the resumed game differs:\n  before ${JSON.stringify(before)}\n  after  ${JSON.stringify(after)}`);
      // The setup and the bots' speed are remembered too.
      await page.getByRole('button', { name: 'New game' }).first().click();
      await page.getByRole('button', { name: 'Leave game' }).click();
      await page.getByRole('button', { name: 'Start game' }).waitFor();
      assert(await storage(page, 'ono99.save') === null, 'leaving the game kept its save');
      await page.reload({ waitUntil: 'load' });
      await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
      assert(await page.getByLabel('Number of players').inputValue() === '3', 'player count not remembered');
      assert(await page.getByLabel('Classic (1980)').isChecked(), 'edition not remembered');
      assert(await readSpeed(page) === 'instant', 'speed not remembered');
    }),
  },
  {
    name: 'a corrupt save: a notice, the save kept aside, a playable new game',
    run: (ctx) => withPage(ctx, {}, (page) => badSave(page, ctx.server, 'ono99-save 1\nseed 12\nrules modern\nspeed fast\nplayer Zoe\nseat easy An', 'could not be read')),
  },
  {
    name: 'a hand-edited save the rules refuse: a notice and a playable new game',
    run: (ctx) => withPage(ctx, {}, (page) => badSave(page, ctx.server, async (p) => {
      // A real save with one more play the rules refuse (it's not that seat's turn).
      await startGame(p);
      const save = await storage(p, 'ono99.save');
      assert(/^ono99-save 1\n/.test(save) && /\nactions.*\n/.test(save), `unexpected save: ${save.slice(0, 300)}`);
      return save.replace(/\nactions(.*)\n/, '\nactions$1 1:5 1:5\n');
    }, 'could not be read')),
  },
  {
    name: 'an older-version save: its own notice and a playable new game',
    run: (ctx) => withPage(ctx, {}, (page) => badSave(page, ctx.server, 'ono99-save 0\nseed 1\nmoves 7 8\nend\n', 'older version')),
  },
  {
    name: 'statistics: a finished game is counted once, survives reloads, and can be reset',
    run: (ctx) => withPage(ctx, {}, async (page) => {
      await loadSeed63(page, ctx.server);
      await page.getByRole('button', { name: 'Statistics' }).click();
      await page.getByRole('heading', { name: 'Your statistics' }).waitFor();
      assert(await page.getByText('No finished games yet').count() === 1, 'statistics not empty at first');
      await audit(page, 'statistics (empty)');
      await page.getByRole('button', { name: /Back/ }).click();
      await startGame(page, { players: '2' });
      const end = await playToEnd(page, { pick: 'first', tryIllegal: false });
      const won = /^You win/.test(end.snap.dialogHeading || '');
      // Reloading on the end screen shows it again and does not count twice.
      await page.reload({ waitUntil: 'load' });
      await page.getByRole('button', { name: 'Play again' }).waitFor({ timeout: 15000 });
      await page.getByRole('button', { name: 'New game' }).last().click();
      await page.getByRole('button', { name: 'Statistics' }).click();
      await page.getByRole('heading', { name: 'Your statistics' }).waitFor();
      const read = async () => page.evaluate(() => {
        const out = {};
        for (const d of document.querySelectorAll('.stats-summary > div')) out[d.querySelector('dt').textContent] = d.querySelector('dd').textContent;
        return out;
      });
      let s = await read();
      assert(s.Played === '1' && s.Won === (won ? '1' : '0'), `statistics after one game: ${JSON.stringify(s)} (won: ${won})`);
      assert(s['Average finishing place'] === (won ? '1.0' : '2.0'), `average place: ${s['Average finishing place']}`);
      const byEdition = await page.getByRole('table', { name: 'By edition' }).textContent();
      assert(/Modern \(2022\)11|Modern \(2022\)10/.test(byEdition.replace(/\s+/g, '')) || byEdition.includes('Modern'), `by edition: ${byEdition}`);
      const byLevel = await page.getByRole('table', { name: "By opponents' level" }).textContent();
      assert(byLevel.includes('Medium'), `by level: ${byLevel}`);
      await shot(page, 'statistics');
      await audit(page, 'statistics');
      await page.reload({ waitUntil: 'load' });
      await page.getByRole('button', { name: 'Statistics' }).click();
      await page.getByRole('heading', { name: 'Your statistics' }).waitFor();
      s = await read();
      assert(s.Played === '1', `statistics after a reload: ${JSON.stringify(s)}`);
      // Reset asks first; Cancel keeps everything.
      await page.getByRole('button', { name: 'Reset statistics' }).click();
      await page.getByRole('dialog', { name: 'Reset statistics?' }).waitFor();
      await audit(page, 'reset confirmation');
      await page.getByRole('button', { name: 'Cancel' }).click();
      assert((await read()).Played === '1', 'cancel reset the statistics');
      await page.getByRole('button', { name: 'Reset statistics' }).click();
      await page.getByRole('button', { name: 'Reset', exact: true }).click();
      await page.getByText('No finished games yet').waitFor();
      assert(await storage(page, 'ono99.stats') === null, 'reset left statistics in storage');
    }),
  },
  {
    name: 'offline: once a game has started, the game, its saved match and the whole app load and play with the network off',
    serviceWorker: true,
    run: (ctx) => withPage(ctx, {}, async (page, context) => {
      await loadSeed63(page, ctx.server);
      // Nothing is kept for offline play before a game starts: the first
      // download has the network to itself.
      const early = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
      assert(early === 0, `a service worker was registered before any game (${early})`);
      await startGame(page, { players: '2' });
      // Then the service worker keeps the build and takes over the page.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
      const kept = await page.evaluate(async () => {
        const names = (await caches.keys()).filter((k) => k.startsWith('ono99-') && k !== 'ono99-versions');
        const cache = await caches.open(names[0]);
        return { caches: names.length, urls: (await cache.keys()).map((r) => new URL(r.url).pathname) };
      });
      assert(kept.caches === 1, `expected one version kept, found ${kept.caches}`);
      for (const want of [/\/app\/$/, /ono99-full-[0-9a-f]+_bg\.wasm$/, /lang\/fr-[0-9a-f]+\.txt$/]) {
        assert(kept.urls.some((u) => want.test(u)), `the offline copy lacks ${want}: ${kept.urls.join(' ')}`);
      }
      // The manifest and its icons (fetched from here, not the page).
      const href = await page.evaluate(() => document.querySelector('link[rel="manifest"]').href);
      const m = await (await fetch(href)).json();
      assert(new URL(m.start_url, href).href === ctx.server.url, `manifest start_url ${m.start_url} is not the site`);
      for (const icon of m.icons) {
        const res = await fetch(new URL(icon.src, href));
        assert(res.ok, `icon ${icon.src} missing`);
      }
      await context.setOffline(true);
      // The saved match comes back offline and plays to its end.
      await page.reload({ waitUntil: 'load' });
      await waitForDecision(page);
      const end = await playToEnd(page, { pick: 'first', tryIllegal: false });
      assert(end.snap.matchOver, 'the offline game did not finish');
      // The whole app's page, offline: the statistics count that match.
      await page.goto(`${ctx.server.url}app/#stats`, { waitUntil: 'load' });
      await page.getByRole('heading', { name: 'Your statistics' }).waitFor({ timeout: 15000 });
      await context.setOffline(false);
    }),
  },
];
