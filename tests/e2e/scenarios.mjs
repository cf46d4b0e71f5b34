// The end-to-end scenarios. Each gets a fresh browser context whose console
// errors, page errors, failed or foreign requests and CSP violations fail it.
// Scenarios run two at a time (run.mjs): one marked `solo` measures time and
// runs alone, one marked `long` is started among the first.
import {
  assert, audit, checkTotalAgainstLog, choose, closeSettings, load, longTasks, openPage, openSettings,
  playToEnd, readSpeed, seededRandom, setLanguage, setSpeed, settled, shot, snapshot, waitForDecision, withPage,
} from './lib.mjs';

const PHONE = { width: 360, height: 640 };
const DESKTOP = { width: 1280, height: 800 };

/** Shared across scenarios: the measurements the run prints at the end. */
export const metrics = { longTasks: [], firstPlayable: [], appReady: [], loadTask: [], startTask: [] };

async function noHorizontalScroll(page, where) {
  const { sw, w } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, w: window.innerWidth }));
  assert(sw <= w, `${where}: the page scrolls sideways (${sw}px wide in a ${w}px window)`);
}

/** Marks the moment the table is up and bots play: long tasks before it
 *  (loading the page, compiling the WebAssembly, building the table once)
 *  are not counted. */
async function markPlayStart(page) {
  await page.evaluate(() => { window.__probe.playStart = performance.now(); });
}

async function recordLongTasks(page, label) {
  const since = await page.evaluate(() => window.__probe.playStart || 0);
  const { all, app } = await longTasks(page, since);
  const max = (ts) => ts.reduce((m, t) => Math.max(m, t.duration), 0);
  const bot = await page.evaluate(() => performance.getEntriesByName('ono99-bot-think').map((e) => e.duration));
  metrics.longTasks.push({
    label, count: all.length, max: max(all), appCount: app.length, appMax: max(app),
    botMoves: bot.length, botMax: bot.reduce((m, d) => Math.max(m, d), 0),
  });
}

/** The setup screen of `?seed=N`: the first game started deals from it. */
async function loadSeed(page, server, seed) {
  await page.goto(`${server.url}?seed=${seed}`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
}

/** Plays your turns by the first playable card (the seeds were found
 *  natively that way) until `until()`; each play is awaited on the total. */
async function playFirstUntil(page, until, limit = 500) {
  for (let i = 0; i < limit; i++) {
    await waitForDecision(page);
    if (await until()) return;
    assert(!(await snapshot(page)).matchOver, 'the match ended first');
    await settled(page);
    const total = page.locator('.total[aria-label]');
    const before = Number(await total.getAttribute('data-ply'));
    const card = page.locator('.hand button.card-btn.playable').first();
    if (await card.count()) await card.click();
    else await page.locator('.hand button.four-ono').click();
    await page.waitForFunction((n) => Number(document.querySelector('.total[aria-label]').getAttribute('data-ply')) > n, before);
  }
  throw new Error(`not reached within ${limit} of your turns`);
}

/** Holds the game's WebAssembly back until `release()`: the page shows
 *  what it shows before the app runs. */
async function holdTheApp(context) {
  let release;
  const gate = new Promise((r) => { release = r; });
  await context.route(/_bg\.wasm$/, async (route) => { await gate; await route.continue(); });
  return release;
}

const box = async (page, sel) => page.evaluate((s) => {
  const r = document.querySelector(s).getBoundingClientRect();
  return { x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width), h: Math.round(r.height) };
}, sel);

export const scenarios = [
  {
    name: 'first screen before the app: painted from the HTML in the player\'s language, taken over without a shift; a tap on Quick play made before the app runs starts the game',
    run: async (ctx) => {
      // English, phone: the first screen is there before any wasm, and the
      // app's own drawing puts Quick play exactly where it was.
      await withPage(ctx, { viewport: { width: 390, height: 844 } }, async (page, context) => {
        const release = await holdTheApp(context);
        await page.goto(ctx.server.url, { waitUntil: 'domcontentloaded' });
        const quick = page.locator('#quick-play');
        await quick.waitFor();
        assert((await quick.textContent()).trim() === 'Quick play', `the first screen's button says "${await quick.textContent()}"`);
        assert(await page.locator('#boot').count() === 1, 'no boot screen');
        const before = await box(page, '#quick-play');
        await shot(page, 'first-screen-before-the-app');
        release();
        await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
        assert(await page.locator('#boot').count() === 0, 'the boot screen stayed after the app drew its own');
        assert(await page.locator('#quick-play').count() === 1, 'two Quick play buttons');
        const after = await box(page, '#quick-play');
        assert(JSON.stringify(before) === JSON.stringify(after), `Quick play moved when the app took over: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
      });
      // French browser: French from the first paint; a tap before the app
      // runs shows it is on its way and is honoured once the app runs.
      await withPage(ctx, { viewport: { width: 390, height: 844 }, locale: 'fr-FR' }, async (page, context) => {
        const release = await holdTheApp(context);
        await page.goto(ctx.server.url, { waitUntil: 'domcontentloaded' });
        const quick = page.locator('#quick-play');
        await quick.waitFor();
        assert(await page.evaluate(() => document.documentElement.lang) === 'fr', 'the first screen is not in French');
        assert((await quick.textContent()).trim() === 'Partie rapide', `the French first screen's button says "${await quick.textContent()}"`);
        await quick.click();
        assert(await quick.getAttribute('aria-busy') === 'true', 'a tap before the app runs does not show it is on its way');
        release();
        await page.locator('.hand .card-btn').first().waitFor({ timeout: 20000 });
        assert(await page.locator('#boot').count() === 0, 'the boot screen stayed under the game');
      });
    },
  },
  {
    name: 'two pages: the first download plays without the whole app; Statistics opens the whole app on its own page, fetched once; an invite link opens only the whole app; its module failing says so with Back, the setup kept',
    run: async (ctx) => {
      const wasmOf = (requests, name) => requests.filter((u) => new RegExp(`/${name}-[0-9a-f]{1,16}_bg\\.wasm(\\?.*)?$`).test(u));
      // The first download alone runs the setup and a game.
      await withPage(ctx, { viewport: DESKTOP }, async (page) => {
        const requests = [];
        page.on('request', (r) => requests.push(r.url()));
        await load(page, ctx.server);
        await page.getByRole('button', { name: 'Quick play' }).click();
        await page.locator('.hand .card-btn').first().waitFor({ timeout: 20000 });
        assert(wasmOf(requests, 'ono99-web').length === 1, `the first download was fetched ${wasmOf(requests, 'ono99-web').length} times`);
        assert(wasmOf(requests, 'ono99-full').length === 0, 'the whole app was fetched before it was needed');
        // Leave the game; Statistics is in the whole app: its own page
        // opens, its module fetched once, and the first download's not again.
        await page.getByRole('button', { name: 'New game' }).first().click();
        await page.getByRole('button', { name: 'Leave game' }).click();
        await page.getByRole('button', { name: 'Statistics' }).click();
        await page.getByRole('heading', { name: 'Your statistics' }).waitFor({ timeout: 20000 });
        assert(new URL(page.url()).pathname.endsWith('/app/'), `Statistics opened at ${page.url()}`);
        assert(wasmOf(requests, 'ono99-full').length === 1, `the whole app was fetched ${wasmOf(requests, 'ono99-full').length} times`);
        assert(wasmOf(requests, 'ono99-web').length === 1, 'the whole app\'s page fetched the first download too');
        assert(await page.locator('.topbar').count() === 1, `${await page.locator('.topbar').count()} headers on the whole app's page`);
        await page.getByRole('button', { name: /Back/ }).click();
        await page.getByRole('button', { name: 'Start game' }).waitFor();
        assert(await page.locator('.setup').count() === 1, 'two setup screens on the whole app\'s page');
        await page.getByRole('button', { name: 'Quick play' }).click();
        await page.locator('.hand .card-btn').first().waitFor({ timeout: 20000 });
      });
      // An invite link of the first page: only the whole app is fetched, on
      // its page (a broken link here: its notice is the whole app's).
      await withPage(ctx, { viewport: DESKTOP }, async (page) => {
        const requests = [];
        page.on('request', (r) => requests.push(r.url()));
        await page.goto(`${ctx.server.url}#join=broken`, { waitUntil: 'load' });
        await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
        await page.getByRole('alert').first().waitFor();
        assert(wasmOf(requests, 'ono99-full').length === 1, 'an invite link did not load the whole app');
        assert(wasmOf(requests, 'ono99-web').length === 0, 'an invite link loaded the first download too');
      });
      // The whole app's module cannot be loaded (offline, not kept yet): its
      // page says so; Back returns to the first page, the setup as it was.
      // The refused requests are the only problems the page may report.
      const { context, page, problems } = await openPage(ctx.browser, ctx.server, { viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
      try {
        await context.route(/ono99-full-[0-9a-f]{1,16}(_bg\.wasm|\.js)(\?.*)?$/, (route) => route.abort('internetdisconnected'));
        await load(page, ctx.server);
        await page.getByLabel('Your name').fill('Zoé');
        await page.getByRole('button', { name: 'Statistics' }).click();
        const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
        await alert.waitFor({ timeout: 15000 });
        await shot(page, 'phone-whole-app-not-loaded');
        await page.getByRole('link', { name: 'Back' }).click();
        await page.getByRole('button', { name: 'Start game' }).waitFor();
        assert(await page.getByLabel('Your name').inputValue() === 'Zoé', 'the setup changed');
        const others = problems.filter((p) => !/ono99-full-|ERR_INTERNET_DISCONNECTED|dynamically imported module|could not start/.test(p));
        assert(others.length === 0, `page problems:\n  ${others.join('\n  ')}`);
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'setup screen: labelled controls and the documented defaults',
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await load(page, ctx.server);
      const unlabelled = await page.evaluate(() =>
        [...document.querySelectorAll('input, select')].filter((el) => !el.labels || el.labels.length === 0).map((el) => el.id || el.outerHTML));
      assert(unlabelled.length === 0, `controls without a label: ${unlabelled.join(', ')}`);
      assert(await page.getByLabel('Number of players').inputValue() === '4', 'default is not 4 players');
      assert(await page.getByLabel('Modern (2022)').isChecked(), 'Modern is not the default edition');
      // Seat 1 is yours; the bots sit in seats 2 to 4.
      for (const n of [2, 3, 4]) {
        assert(await page.getByLabel(`Who plays seat ${n}`).inputValue() === 'medium', `bot ${n} is not Medium`);
      }
      assert(await page.getByLabel('Format').inputValue() === 'elimination', 'format is not elimination');
      assert(await readSpeed(page) === 'normal', 'speed is not normal');
      await shot(page, 'desktop-setup');
      // Choosing the classic edition resets the options to its defaults.
      await page.getByLabel('Classic (1980)').check();
      assert(await page.getByLabel('Format').inputValue() === 'tokens', 'classic does not default to tokens');
      assert(await page.getByLabel('Minus Ten near zero').inputValue() === 'allow', 'classic does not allow negatives');
      await page.getByLabel('Modern (2022)').check();
      assert(await page.getByLabel('Format').inputValue() === 'elimination', 'modern did not come back');
    }),
  },
  {
    // The default setup, dealt from seed 106, and random picks from a
    // stream seeded 106: the same match on every run, found natively (three
    // bots play at Normal speed before your turn; 5 of your plays, 22
    // actions in all).
    name: 'the default game played to the end by clicking legal cards (seed 106)',
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await loadSeed(page, ctx.server, 106);
      await page.getByRole('button', { name: 'Start game' }).click();
      await page.getByRole('img', { name: /^Total \d+$/ }).waitFor();
      const players = await page.locator('.felt .seat').count();
      assert(players === 3, `expected 3 opponents, saw ${players}`);
      // Watch a few plays at normal speed, then hurry the bots along.
      await waitForDecision(page);
      await shot(page, 'desktop-table');
      await setSpeed(page, 'instant');
      const stats = await playToEnd(page, { random: seededRandom(106) });
      assert(stats.myPlays > 0 || stats.snap.log.some((l) => /^You(’re|'re| are) out/.test(l)), 'never played a card');
      assert(/wins? the match!|share the win/.test(stats.snap.dialogHeading || ''), `end screen names no winner: ${stats.snap.dialogHeading}`);
      await shot(page, 'desktop-end');
      ctx.note(`default game: ${stats.myPlays} plays by clicking, ${stats.refused} refused unplayable cards, ${stats.checks} total checks, ${stats.owedTwo} turns owing a Play 2`);
      // Play again deals a new game with the same settings.
      await page.getByRole('button', { name: 'Play again' }).click();
      await page.getByRole('img', { name: /^Total \d+$/ }).waitFor();
      assert(await page.locator('.felt .seat').count() === 3, 'play again changed the table');
      // Leaving a game in progress asks first, and "Keep playing" changes nothing.
      await page.getByRole('button', { name: 'New game' }).first().click();
      await page.getByRole('dialog', { name: 'Leave this game?' }).waitFor();
      await page.getByRole('button', { name: 'Keep playing' }).click();
      assert(await page.getByRole('dialog').count() === 0, 'the leave dialog did not close');
      await page.getByRole('button', { name: 'New game' }).first().click();
      await page.getByRole('button', { name: 'Leave game' }).click();
      await page.getByRole('button', { name: 'Start game' }).waitFor();
    }),
  },
  {
    // Seed 35, one token each, and random picks from a stream seeded 35:
    // the same match on every run, found natively (14 hands, 272 actions,
    // 39 of them yours, 5 turns owing a Double Play). With the default
    // three tokens a match is about 590 actions, and this scenario, which
    // runs alone (`solo`: it measures long tasks), took 52 to 94 s.
    name: 'an 8-player classic game with tokens, instant bots, to the end (seed 35)',
    solo: true,
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await loadSeed(page, ctx.server, 35);
      await choose(page, 'Number of players', '8');
      await page.getByLabel('Classic (1980)').check();
      assert(await page.getByLabel('Format').inputValue() === 'tokens', 'classic is not played for tokens');
      await choose(page, 'Tokens per player', '1');
      await setSpeed(page, 'instant');
      await page.getByRole('button', { name: 'Start game' }).click();
      await page.getByRole('img', { name: /^Total / }).waitFor();
      await markPlayStart(page);
      assert(await page.locator('.felt .seat').count() === 7, 'expected 7 opponents');
      await waitForDecision(page);
      await shot(page, 'desktop-8-classic');
      const stats = await playToEnd(page, { pick: 'random', random: seededRandom(35) });
      assert(stats.hands > 1, 'a tokens match with 8 players ended after one hand');
      assert(/wins? the match!|share the win/.test(stats.snap.dialogHeading || ''), 'no winner named');
      assert(/Tokens/.test(stats.snap.dialog), 'standings do not show tokens');
      await shot(page, 'desktop-8-classic-end');
      await recordLongTasks(page, '8-player classic, instant bots');
      ctx.note(`8-player classic: ${stats.hands} hands, ${stats.myPlays} plays by clicking, ${stats.owedTwo} turns owing a Double Play, ${stats.fourOno} four-ONO discards`);
    }),
  },
  {
    name: 'a 2-player modern game, instant bots, to the end',
    solo: true,
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await load(page, ctx.server);
      await choose(page, 'Number of players', '2');
      await choose(page, 'Who plays seat 2', 'hard');
      await setSpeed(page, 'instant');
      await page.getByRole('button', { name: 'Start game' }).click();
      await page.getByRole('img', { name: /^Total / }).waitFor();
      await markPlayStart(page);
      assert(await page.locator('.felt .seat').count() === 1, 'expected 1 opponent');
      const stats = await playToEnd(page, { pick: 'first' });
      assert(/wins? the match!/.test(stats.snap.dialogHeading || ''), 'no winner named');
      await shot(page, 'desktop-2-modern-end');
      await recordLongTasks(page, '2-player modern vs hard bot, instant');
    }),
  },
  {
    name: 'instant bots only: an 8-player game where you go out fast keeps the page responsive',
    solo: true,
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await load(page, ctx.server);
      await choose(page, 'Number of players', '8');
      for (let n = 2; n <= 8; n++) await choose(page, `Who plays seat ${n}`, n % 2 ? 'medium' : 'hard');
      await setSpeed(page, 'instant');
      await page.getByRole('button', { name: 'Start game' }).click();
      await page.getByRole('img', { name: /^Total / }).waitFor();
      await markPlayStart(page);
      const stats = await playToEnd(page, { pick: 'first', tryIllegal: false });
      assert(stats.snap.matchOver, 'did not finish');
      await recordLongTasks(page, '8-player modern, 4 hard + 3 medium bots, instant');
    }),
  },
  {
    // Seed 114 (8 players, modern): six bots play before your first turn,
    // and the match ends after 2 of your plays (42 actions).
    name: 'phone layout (360×640): setup, table with 8 players, rules, end (seed 114)',
    run: (ctx) => withPage(ctx, { viewport: PHONE }, async (page) => {
      await loadSeed(page, ctx.server, 114);
      await noHorizontalScroll(page, 'setup');
      await shot(page, 'phone-setup');
      await choose(page, 'Number of players', '8');
      await page.getByRole('button', { name: 'Start game' }).click();
      await waitForDecision(page);
      await noHorizontalScroll(page, 'table');
      // Your cards and the total must be on screen without scrolling.
      const boxes = await page.evaluate(() => [...document.querySelectorAll('.hand button.card-btn, .total')].map((el) => {
        const r = el.getBoundingClientRect();
        return { name: el.getAttribute('aria-label'), left: r.left, right: r.right, bottom: r.bottom };
      }));
      for (const b of boxes) {
        assert(b.left >= 0 && b.right <= 360, `${b.name} is cut off sideways (${b.left}–${b.right})`);
        assert(b.bottom <= 640, `${b.name} is below the fold (${b.bottom}px)`);
      }
      await shot(page, 'phone-table-8');
      await page.getByRole('button', { name: 'Rules' }).click();
      await page.getByRole('heading', { name: 'How to play ONO 99' }).waitFor();
      await noHorizontalScroll(page, 'rules');
      await shot(page, 'phone-rules');
      await page.getByRole('button', { name: /Back/ }).first().click();
      await setSpeed(page, 'instant');
      const stats = await playToEnd(page, { pick: 'first', tryIllegal: false });
      await noHorizontalScroll(page, 'end');
      await shot(page, 'phone-end');
      assert(stats.snap.matchOver, 'phone game did not finish');
    }),
  },
  {
    name: 'phone layout (360×640): 2 players, four-card hand fits',
    run: (ctx) => withPage(ctx, { viewport: PHONE }, async (page) => {
      await load(page, ctx.server);
      await choose(page, 'Number of players', '2');
      await page.getByRole('button', { name: 'Start game' }).click();
      await waitForDecision(page);
      await noHorizontalScroll(page, 'table');
      await shot(page, 'phone-table-2');
    }),
  },
  {
    // Seed 7 (4 players, modern): your first hand starts with two cards you
    // cannot play, then playable ones.
    name: 'keyboard: reach a playable card with Tab, see the reason on an unplayable one, play with Enter (seed 7)',
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await loadSeed(page, ctx.server, 7);
      await setSpeed(page, 'instant');
      // The start button itself is reachable and works from the keyboard.
      await page.getByRole('button', { name: 'Start game' }).focus();
      await page.keyboard.press('Enter');
      await waitForDecision(page);
      const before = await snapshot(page);
      assert(before.cards.length > 1 && !before.cards[0].playable && before.cards.some((c) => c.playable),
        `seed 7: your first hand is not an unplayable card then a playable one (${JSON.stringify(before.cards.map((c) => [c.name, c.playable]))}); the engine or the bots changed, find a new seed`);
      let found = null;
      let reasons = 0;
      for (let i = 0; i < 40 && !found; i++) {
        await page.keyboard.press('Tab');
        found = await page.evaluate(() => {
          const el = document.activeElement;
          if (!el || !el.classList.contains('card-btn')) return null;
          const style = getComputedStyle(el);
          const tip = el.getAttribute('aria-describedby') && document.getElementById(el.getAttribute('aria-describedby'));
          return {
            name: el.getAttribute('aria-label'),
            playable: el.classList.contains('playable'),
            outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
            tipVisible: tip ? getComputedStyle(tip).display !== 'none' : null,
          };
        });
        if (found && !found.playable) {
          assert(found.tipVisible === true, `the reason for ${found.name} is not shown on keyboard focus`);
          reasons++;
          found = null;
        }
      }
      assert(found, 'Tab never reached a playable card');
      assert(reasons >= 1, 'Tab passed no unplayable card on its way to a playable one');
      assert(found.outline, `focused card ${found.name} has no visible focus outline`);
      // Arrow keys move along the hand and back.
      const at = () => page.evaluate(() => [...document.querySelectorAll('.hand .card-btn')].indexOf(document.activeElement));
      const start = await at();
      await page.keyboard.press('ArrowRight');
      const moved = await at();
      assert(moved >= 0 && moved !== start, `ArrowRight did not move along the hand (${start} -> ${moved})`);
      await page.keyboard.press('ArrowLeft');
      assert(await at() === start, 'ArrowLeft did not come back');
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => document.querySelectorAll('.log li li').length > n, before.log.length);
      const after = await snapshot(page);
      assert(after.log.some((l) => l.startsWith('You play ') || l.startsWith('You discard')), 'Enter did not play the card');
      checkTotalAgainstLog(after);
      // Focus stays in the hand, on the card list itself (not on the card
      // drawn into the place just played, which a quick second Enter would
      // play), so the next card is one arrow or Tab away (one play of four
      // players cannot end the match).
      await waitForDecision(page);
      assert(!(await snapshot(page)).matchOver, 'the match ended after your first play');
      const focus = await page.evaluate(() => document.activeElement && document.activeElement.className);
      assert(/^cards\b/.test(focus || ''), `after playing, focus went to "${focus}" instead of the hand`);
      await page.keyboard.press('ArrowRight');
      const next = await page.evaluate(() => document.activeElement && document.activeElement.className);
      assert(/card-btn/.test(next || ''), `ArrowRight from the hand went to "${next}", not a card`);
    }),
  },
  {
    name: 'rules screen in our own words, with the About note',
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await load(page, ctx.server);
      await page.getByRole('button', { name: 'How to play' }).click();
      await page.getByRole('heading', { name: 'How to play ONO 99' }).waitFor();
      const text = await page.locator('main').first().innerText();
      for (const must of ['unofficial fan implementation', 'Mattel', 'classic edition', 'Play 2', 'Tokens']) {
        assert(text.includes(must), `rules screen does not mention "${must}"`);
      }
      await shot(page, 'desktop-rules');
      await page.getByRole('button', { name: /Back/ }).first().click();
      await page.getByRole('button', { name: 'Start game' }).waitFor();
    }),
  },
  {
    name: 'content security policy: only the own origin, no unsafe-inline or unsafe-eval',
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await load(page, ctx.server);
      const csp = await page.evaluate(() => {
        const m = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
        return m ? m.getAttribute('content') : '';
      });
      assert(csp.includes("default-src 'self'"), 'CSP does not default to self');
      assert(csp.includes("'wasm-unsafe-eval'"), 'CSP lacks wasm-unsafe-eval');
      assert(!csp.includes("'unsafe-inline'") && !csp.includes("'unsafe-eval'"), `CSP is too lax: ${csp}`);
      assert(/'sha256-[A-Za-z0-9+/=]+'/.test(csp), 'the loader script is not allowed by hash');
      await page.getByRole('button', { name: 'Start game' }).click();
      await waitForDecision(page);
    }),
  },
  {
    name: 'time from navigation to the first playable card',
    solo: true,
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      // Instant bots, chosen once: the setup (and its speed) is remembered,
      // so each timed load is the app's own work plus one click on Start.
      await load(page, ctx.server);
      await setSpeed(page, 'instant');
      for (let i = 0; i < 5; i++) {
        // Each load starts at the setup, not in the game saved by the last one.
        await page.evaluate(() => localStorage.removeItem('ono99.save'));
        await page.goto('about:blank');
        await page.goto(ctx.server.url, { waitUntil: 'commit' });
        const start = page.getByRole('button', { name: 'Start game' });
        await start.waitFor();
        await start.click();
        await page.locator('.hand button.card-btn.playable').first().waitFor();
        const t = await page.evaluate(() => window.__probe);
        metrics.appReady.push(t.startVisible);
        metrics.firstPlayable.push(t.firstPlayable);
        const loading = t.longTasks.filter((x) => x.start < t.startVisible).reduce((m, x) => Math.max(m, x.duration), 0);
        const starting = t.longTasks.filter((x) => x.start >= t.startVisible).reduce((m, x) => Math.max(m, x.duration), 0);
        metrics.loadTask.push(loading);
        metrics.startTask.push(starting);
      }
    }),
  },
  {
    // Seed 1206 (3 players, classic, 1 token each, you play the first
    // playable card), found natively: your first hand holds cards you
    // cannot play; hand 1 ends with its summary (nobody leaves a match on
    // their first lost hand), and the match after 4 hands and 10 of your
    // plays. Seed 41 with 3 tokens, before, took 49 of your plays to the
    // end screen, the same screen.
    name: 'accessibility audit (axe-core): setup, table, refusal, rules, hand summary, end screen (seed 1206)',
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await loadSeed(page, ctx.server, 1206);
      await audit(page, 'setup');
      await choose(page, 'Number of players', '3');
      await page.getByLabel('Classic (1980)').check();
      await choose(page, 'Tokens per player', '1');
      await setSpeed(page, 'instant');
      await page.getByRole('button', { name: 'Start game' }).click();
      await waitForDecision(page);
      await audit(page, 'table');
      await openSettings(page);
      await audit(page, 'table with the settings open');
      await closeSettings(page);
      const bad = page.locator('.hand button.card-btn.unplayable').first();
      assert(await bad.count() === 1, 'seed 1206: your first hand has no unplayable card; the engine or the bots changed, find a new seed');
      await bad.click({ force: true });
      await page.locator('.play [role="alert"]').waitFor();
      await audit(page, 'table with a refused card');
      await page.getByRole('button', { name: 'Rules' }).click();
      await page.getByRole('heading', { name: 'How to play ONO 99' }).waitFor();
      await audit(page, 'rules');
      await page.getByRole('button', { name: /Back/ }).first().click();
      const next = page.getByRole('button', { name: 'Next hand' });
      await playFirstUntil(page, () => next.count().then((n) => n > 0));
      await audit(page, 'hand summary');
      const stats = await playToEnd(page, { pick: 'first', tryIllegal: false });
      assert(stats.snap.matchOver, 'did not finish');
      await audit(page, 'match over');
      await audit(page.context().pages()[0], 'match over (again)');
    }),
  },
  {
    // Seed 71923 deals you (2 players, modern, you first) four ONO 99 cards.
    // If the engine's dealing ever changes, find a new seed with
    // Match::new(RuleSet::modern(), 2, seed): seat 0 to act, four 99s.
    name: 'four-ONO discard: a replayed deal (?seed=) with four ONO 99 cards in your hand',
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await page.goto(`${ctx.server.url}?seed=71923`, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Start game' }).waitFor();
      await choose(page, 'Number of players', '2');
      await page.getByRole('button', { name: 'Start game' }).click();
      await waitForDecision(page);
      const before = await snapshot(page);
      assert(before.four, `seed 71923 no longer deals four ONO 99 to you (hand: ${before.cards.map((c) => c.name).join(', ')}); the engine's deal changed, find a new seed`);
      for (const c of before.cards) {
        assert(c.name === 'Play ONO 99' && !c.playable && c.reason === "ONO 99 cards can't be played", `unexpected card ${JSON.stringify(c)}`);
      }
      await shot(page, 'desktop-four-ono');
      await page.getByRole('button', { name: 'Discard four ONO 99' }).click();
      await page.waitForFunction(() => [...document.querySelectorAll('.log li li')].some((li) => li.textContent.startsWith('You discard four ONO 99')));
      const after = await snapshot(page);
      checkTotalAgainstLog(after);
      assert(after.log.some((l) => l === 'You discard four ONO 99 — total 0'), 'no call-out for the discard');
      assert(after.log.filter((l) => l.startsWith('You draw ')).length === 4, 'did not draw four cards');
      // Play again deals a fresh (random) game.
    }),
  },
  {
    name: 'quick play: one tap starts a game with the last setup; Start game never covers the form',
    run: (ctx) => withPage(ctx, { viewport: PHONE }, async (page) => {
      await load(page, ctx.server);
      const quick = page.getByRole('button', { name: 'Quick play', exact: true });
      // It comes before the form, and says what it will start.
      const order = await page.evaluate(() => {
        const q = document.querySelector('#quick-play').getBoundingClientRect();
        const form = document.querySelector('.setup-form').getBoundingClientRect();
        return { quickBottom: q.bottom, formTop: form.top };
      });
      assert(order.quickBottom < order.formTop, `Quick play is not above the form: ${JSON.stringify(order)}`);
      const what = await page.locator('#quick-what').textContent();
      assert(what === '4 players · Modern · Medium bots', `Quick play describes the default game as "${what}"`);
      // The Start button sits in the flow at the end: scrolled to the bottom
      // of the window, every edition description is itself at its centre.
      const covered = await page.evaluate(async () => {
        const out = [];
        const row = document.querySelector('.start-row');
        const pos = getComputedStyle(row).position;
        if (pos === 'sticky' || pos === 'fixed') out.push(`start row is ${pos}`);
        for (const el of document.querySelectorAll('.choice-help, .help')) {
          el.scrollIntoView({ block: 'end' });
          await new Promise((r) => requestAnimationFrame(r));
          const b = el.getBoundingClientRect();
          const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
          if (hit && !el.contains(hit)) out.push(`${el.textContent.slice(0, 40)}… is covered by ${hit.className || hit.tagName}`);
        }
        window.scrollTo(0, 0);
        return out;
      });
      assert(covered.length === 0, `covered: ${covered.join('; ')}`);
      await shot(page, 'phone-setup-quick');
      // Quick play with the default setup.
      await quick.click();
      await page.getByRole('img', { name: /^Total \d+$/ }).waitFor();
      assert(await page.locator('.felt .seat').count() === 3, 'quick play did not start the default 4-player game');
      await page.getByRole('button', { name: 'New game' }).first().click();
      await page.getByRole('button', { name: 'Leave game' }).click();
      // A changed setup is remembered: Quick play describes and starts it.
      await choose(page, 'Number of players', '3');
      await page.getByLabel('Classic (1980)').check();
      await choose(page, 'Who plays seat 2', 'hard');
      await page.reload({ waitUntil: 'load' });
      await quick.waitFor({ timeout: 15000 });
      const changed = await page.locator('#quick-what').textContent();
      assert(changed === '3 players · Classic · Mixed bots', `Quick play describes "${changed}"`);
      await quick.click();
      await page.getByRole('img', { name: /^Total / }).waitFor();
      assert(await page.locator('.felt .seat').count() === 2, 'quick play did not start the saved 3-player game');
      // A tokens match (the classic default) has hands: the header numbers them.
      assert(await page.locator('.topbar .hand-no').textContent() === 'Hand 1', 'quick play did not start the classic tokens match');
    }),
  },
  {
    name: 'settings panel: six labelled controls, keyboard and Escape, language switches the page',
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await load(page, ctx.server);
      const button = page.getByRole('button', { name: 'Settings', exact: true });
      assert(await button.getAttribute('aria-expanded') === 'false', 'the Settings button does not say it is closed');
      // Opened from the keyboard, it takes the focus.
      await button.focus();
      await page.keyboard.press('Enter');
      const panel = page.locator('#settings-panel');
      await panel.waitFor();
      assert(await button.getAttribute('aria-expanded') === 'true', 'the Settings button does not say it is open');
      assert(await page.evaluate(() => document.querySelector('#settings-panel').contains(document.activeElement)), 'focus did not move into the panel');
      const controls = [
        ['Language', 'select'], ['Theme', 'select'], ['Volume', 'range'], ['Reduce motion', 'checkbox'], ['Hints', 'checkbox'], ['Bot speed', 'select'],
      ];
      for (const [label, kind] of controls) {
        const el = panel.getByLabel(label, { exact: true });
        assert(await el.count() === 1, `no "${label}" control in the panel`);
        assert(await el.isVisible(), `"${label}" is not visible`);
        const type = await el.evaluate((e) => (e.tagName === 'SELECT' ? 'select' : e.type));
        assert(type === kind, `"${label}" is a ${type}, not a ${kind}`);
        // Each label is visible text, not only an aria-label.
        const shown = await page.evaluate((l) => [...document.querySelectorAll('#settings-panel label')].some((x) => x.textContent.trim() === l && x.getBoundingClientRect().width > 0), label);
        assert(shown, `"${label}" has no visible label`);
      }
      const volume = panel.getByLabel('Volume', { exact: true });
      assert(await volume.getAttribute('min') === '0' && await volume.getAttribute('max') === '100', 'the volume does not run from 0 to 100');
      const speeds = await panel.getByLabel('Bot speed', { exact: true }).evaluate((s) => [...s.options].map((o) => o.textContent));
      assert(JSON.stringify(speeds) === JSON.stringify(['Slow', 'Normal', 'Fast', 'Instant']), `speeds: ${speeds}`);
      const themes = await panel.getByLabel('Theme', { exact: true }).evaluate((s) => [...s.options].map((o) => o.textContent));
      assert(JSON.stringify(themes) === JSON.stringify(['Automatic', 'Light', 'Dark']), `themes: ${themes}`);
      await audit(page, 'setup with the settings open');
      await shot(page, 'desktop-settings');
      // Tab walks through the controls; Escape closes and gives focus back.
      await page.keyboard.press('Tab');
      assert(await page.evaluate(() => document.activeElement.id) === 'set-theme', 'Tab from Language does not reach Theme');
      await page.keyboard.press('Tab');
      assert(await page.evaluate(() => document.activeElement.id) === 'set-volume', 'Tab from Theme does not reach Volume');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      assert(await page.evaluate(() => document.activeElement && document.activeElement.classList.contains('settings-btn')), 'focus did not return to the Settings button');
      assert(await button.getAttribute('aria-expanded') === 'false', 'aria-expanded stayed true');
      // A click outside closes it too.
      await button.click();
      await panel.waitFor();
      await page.locator('.tagline').click();
      await panel.waitFor({ state: 'detached' });
      // Changing the language switches the page at once, and is saved.
      await button.click();
      await panel.getByLabel('Language', { exact: true }).selectOption('fr');
      await page.getByRole('button', { name: 'Commencer la partie' }).waitFor();
      assert(await page.getAttribute('html', 'lang') === 'fr', 'html lang is not fr');
      assert(await panel.getByLabel('Langue', { exact: true }).count() === 1, 'the panel did not switch to French');
      assert(await page.getByRole('button', { name: 'Réglages', exact: true }).count() === 1, 'the Settings button did not switch to French');
      assert(/lang=fr/.test(await page.evaluate(() => localStorage.getItem('ono99.prefs'))), 'the language was not saved');
      await panel.getByLabel('Langue', { exact: true }).selectOption('en');
      await page.getByRole('button', { name: 'Start game' }).waitFor();
      await closeSettings(page);
      // In the game the same panel sets the game's speed.
      await page.getByRole('button', { name: 'Start game' }).click();
      await page.getByRole('img', { name: /^Total / }).waitFor();
      await setSpeed(page, 'fast');
      assert(await readSpeed(page) === 'fast', 'the game\'s speed did not change');
      await setLanguage(page, 'Language', 'es');
      await page.getByRole('heading', { name: 'Tu mano' }).waitFor();
      await setLanguage(page, 'Idioma', 'en');
      await page.getByRole('heading', { name: 'Your hand' }).waitFor();
    }),
  },
  {
    name: 'phone header (360×640): one line, the wordmark reads "ONO 99", the Table starts within 72 px',
    run: (ctx) => withPage(ctx, { viewport: PHONE }, async (page) => {
      await load(page, ctx.server);
      const header = () => page.evaluate(() => {
        const top = document.querySelector('.topbar:not([hidden])');
        const r = top.getBoundingClientRect();
        const brand = top.querySelector('.brand');
        const parts = [...brand.children].map((p) => p.getBoundingClientRect());
        const kids = [...top.querySelectorAll('.btn, .brand, .hand-no')].map((e) => e.getBoundingClientRect());
        return {
          height: r.height,
          overflow: top.scrollWidth - top.clientWidth,
          // One line: every piece lies between the bar's top and bottom.
          oneLine: kids.every((k) => k.top >= r.top && k.bottom <= r.bottom),
          wordmark: brand.innerText.replace(/\s+/g, ' ').trim(),
          shown: parts.every((p) => p.width > 8 && p.left >= 0 && p.right <= window.innerWidth),
          // A button's words on one line ("Nouvelle partie", not two).
          wrapped: [...top.querySelectorAll('.topbar-actions > .btn')].filter((b) => {
            const range = document.createRange();
            range.selectNodeContents(b);
            return new Set([...range.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size > 1;
          }).map((b) => b.textContent),
        };
      });
      const check = (h, where) => {
        assert(h.height <= 56, `${where}: the header is ${h.height}px tall`);
        assert(h.overflow <= 0, `${where}: the header overflows by ${h.overflow}px`);
        assert(h.oneLine, `${where}: the header takes more than one line`);
        assert(h.wordmark === 'ONO 99' && h.shown, `${where}: the wordmark reads "${h.wordmark}" (fully shown: ${h.shown})`);
        assert(h.wrapped.length === 0, `${where}: header buttons wrap: ${h.wrapped.join(', ')}`);
      };
      check(await header(), 'setup');
      assert(await page.getByRole('heading', { name: 'ONO 99' }).count() >= 1, 'the wordmark heading is not named "ONO 99"');
      // A tokens match shows the hand number too: the longest header.
      await page.getByLabel('Classic (1980)').check();
      await page.getByRole('button', { name: 'Start game' }).click();
      await waitForDecision(page);
      const h = await header();
      check(h, 'game');
      const table = await page.locator('[role=region][aria-label=Table]').boundingBox();
      assert(table && table.y <= 72, `the Table region starts at ${table && table.y}px`);
      await shot(page, 'phone-header-game');
      // Every language's buttons fit on the same line.
      for (const [code, label] of [['fr', 'Language'], ['es', 'Langue'], ['pt', 'Idioma']]) {
        await setLanguage(page, label, code);
        check(await header(), `game in ${code}`);
      }
      await setLanguage(page, 'Idioma', 'en');
      await page.getByRole('button', { name: 'Rules' }).click();
      await page.getByRole('heading', { name: 'How to play ONO 99' }).waitFor();
      check(await header(), 'rules');
    }),
  },
  {
    name: 'tablet header (820×1180): the same height on the setup, game, rules and statistics screens',
    run: (ctx) => withPage(ctx, { viewport: { width: 820, height: 1180 } }, async (page) => {
      await load(page, ctx.server);
      const height = () => page.evaluate(() => {
        const top = [...document.querySelectorAll('.topbar')].find((t) => t.getClientRects().length);
        return top.getBoundingClientRect().height;
      });
      const heights = { setup: await height() };
      await page.getByRole('button', { name: 'Statistics' }).click();
      await page.getByRole('heading', { name: 'Your statistics' }).waitFor();
      heights.statistics = await height();
      await page.getByRole('button', { name: /Back/ }).click();
      await page.getByLabel('Classic (1980)').check();
      await page.getByRole('button', { name: 'Start game' }).click();
      await waitForDecision(page);
      heights.game = await height();
      await openSettings(page);
      heights.gameWithSettings = await height();
      await closeSettings(page);
      await page.getByRole('button', { name: 'Rules' }).click();
      await page.getByRole('heading', { name: 'How to play ONO 99' }).waitFor();
      heights.rules = await height();
      const all = Object.values(heights);
      assert(all.every((x) => x === all[0]) && all[0] <= 64, `header heights differ: ${JSON.stringify(heights)}`);
    }),
  },
];
