// The end-to-end scenarios. Each gets a fresh browser context whose console
// errors, page errors, failed or foreign requests and CSP violations fail it.
import {
  assert, audit, checkTotalAgainstLog, choose, load, longTasks, playToEnd,
  shot, snapshot, waitForDecision, withPage,
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


export const scenarios = [
  {
    name: 'setup screen: labelled controls and the documented defaults',
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await load(page, ctx.server);
      const unlabelled = await page.evaluate(() =>
        [...document.querySelectorAll('input, select')].filter((el) => !el.labels || el.labels.length === 0).map((el) => el.id || el.outerHTML));
      assert(unlabelled.length === 0, `controls without a label: ${unlabelled.join(', ')}`);
      assert(await page.getByLabel('Number of players').inputValue() === '4', 'default is not 4 players');
      assert(await page.getByLabel('Modern (2022)').isChecked(), 'Modern is not the default edition');
      for (const n of [1, 2, 3]) {
        assert(await page.getByLabel(`Bot ${n} level`).inputValue() === 'medium', `bot ${n} is not Medium`);
      }
      assert(await page.getByLabel('Format').inputValue() === 'elimination', 'format is not elimination');
      assert(await page.getByLabel('How fast the bots play').inputValue() === 'normal', 'speed is not normal');
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
    name: 'the default game played to the end by clicking legal cards',
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await load(page, ctx.server);
      await page.getByRole('button', { name: 'Start game' }).click();
      await page.getByRole('img', { name: /^Total \d+$/ }).waitFor();
      const players = await page.locator('.felt .seat').count();
      assert(players === 3, `expected 3 opponents, saw ${players}`);
      // Watch a few plays at normal speed, then hurry the bots along.
      await waitForDecision(page);
      await shot(page, 'desktop-table');
      await page.getByLabel('Bot speed').selectOption('instant');
      const stats = await playToEnd(page);
      assert(stats.myPlays > 0 || stats.snap.log.some((l) => l.startsWith('You are out')), 'never played a card');
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
    name: 'an 8-player classic game with tokens, instant bots, to the end',
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await load(page, ctx.server);
      await choose(page, 'Number of players', '8');
      await page.getByLabel('Classic (1980)').check();
      assert(await page.getByLabel('Format').inputValue() === 'tokens', 'classic is not played for tokens');
      await choose(page, 'How fast the bots play', 'instant');
      await page.getByRole('button', { name: 'Start game' }).click();
      await page.getByRole('img', { name: /^Total / }).waitFor();
      await markPlayStart(page);
      assert(await page.locator('.felt .seat').count() === 7, 'expected 7 opponents');
      await waitForDecision(page);
      await shot(page, 'desktop-8-classic');
      const stats = await playToEnd(page, { pick: 'random' });
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
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await load(page, ctx.server);
      await choose(page, 'Number of players', '2');
      await choose(page, 'Bot 1 level', 'hard');
      await choose(page, 'How fast the bots play', 'instant');
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
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await load(page, ctx.server);
      await choose(page, 'Number of players', '8');
      for (let n = 1; n <= 7; n++) await choose(page, `Bot ${n} level`, n % 2 ? 'hard' : 'medium');
      await choose(page, 'How fast the bots play', 'instant');
      await page.getByRole('button', { name: 'Start game' }).click();
      await page.getByRole('img', { name: /^Total / }).waitFor();
      await markPlayStart(page);
      const stats = await playToEnd(page, { pick: 'first', tryIllegal: false });
      assert(stats.snap.matchOver, 'did not finish');
      await recordLongTasks(page, '8-player modern, 4 hard + 3 medium bots, instant');
    }),
  },
  {
    name: 'phone layout (360×640): setup, table with 8 players, rules, end',
    run: (ctx) => withPage(ctx, { viewport: PHONE }, async (page) => {
      await load(page, ctx.server);
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
      await page.getByLabel('Bot speed').selectOption('instant');
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
    name: 'keyboard: reach a playable card with Tab, see the reason on an unplayable one, play with Enter',
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await load(page, ctx.server);
      await choose(page, 'How fast the bots play', 'instant');
      // The start button itself is reachable and works from the keyboard.
      await page.getByRole('button', { name: 'Start game' }).focus();
      await page.keyboard.press('Enter');
      await waitForDecision(page);
      const before = await snapshot(page);
      let found = null;
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
          found = null;
        }
      }
      assert(found, 'Tab never reached a playable card');
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
      // Focus stays in the hand, so the next card is one Tab or Enter away.
      await waitForDecision(page);
      const focus = await page.evaluate(() => document.activeElement && document.activeElement.className);
      if (!(await snapshot(page)).matchOver) {
        assert(/card-btn/.test(focus || ''), `after playing, focus went to "${focus}" instead of the hand`);
      }
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
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      for (let i = 0; i < 5; i++) {
        // Each load starts at the setup, not in the game saved by the last one.
        if (i > 0) await page.evaluate(() => localStorage.removeItem('ono99.save'));
        await page.goto('about:blank');
        await page.goto(ctx.server.url, { waitUntil: 'commit' });
        const start = page.getByRole('button', { name: 'Start game' });
        await start.waitFor();
        await choose(page, 'How fast the bots play', 'instant');
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
    name: 'accessibility audit (axe-core): setup, table, refusal, rules, end screen',
    run: (ctx) => withPage(ctx, { viewport: DESKTOP }, async (page) => {
      await load(page, ctx.server);
      await audit(page, 'setup');
      await choose(page, 'Number of players', '3');
      await page.getByLabel('Classic (1980)').check();
      await choose(page, 'How fast the bots play', 'instant');
      await page.getByRole('button', { name: 'Start game' }).click();
      await waitForDecision(page);
      await audit(page, 'table');
      const bad = page.locator('.hand button.card-btn.unplayable').first();
      if (await bad.count()) {
        await bad.click({ force: true });
        await audit(page, 'table with a refused card');
      }
      await page.getByRole('button', { name: 'Rules' }).click();
      await page.getByRole('heading', { name: 'How to play ONO 99' }).waitFor();
      await audit(page, 'rules');
      await page.getByRole('button', { name: /Back/ }).first().click();
      await waitForDecision(page);
      const snap = await snapshot(page);
      if (snap.nextHand || snap.matchOver) await audit(page, 'hand or match summary');
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
];
