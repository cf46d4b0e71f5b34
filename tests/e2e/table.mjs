// The table shows the game happening: the final table before each summary,
// "See the table" / "Show the result", "Skip to the result", places that
// follow the order players left, no overlap of the pile label with the
// call-outs, reduced motion, screenshots of the table's states at four
// sizes, and a soak of many instant games in one page load.
import {
  assert, choose, load, setSpeed, settled, shot, snapshot, waitForDecision, withPage,
} from './lib.mjs';

const SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['tablet', { width: 820, height: 1180 }],
  ['phone', { width: 390, height: 844 }],
  ['small-phone', { width: 360, height: 640 }],
];

/** Plays the person's turns by clicking the first playable card until `until` holds. */
async function playUntil(page, until, { maxTurns = 3000, nextHand = true } = {}) {
  for (let t = 0; t < maxTurns; t++) {
    if (await until()) return true;
    await page.waitForFunction(
      () => document.querySelector('[role="dialog"]')
        || document.querySelector('.hand button.card-btn.playable')
        || document.querySelector('.hand button.four-ono')
        || document.querySelector('.hand-actions button'),
      null,
      { timeout: 120000, polling: 30 },
    );
    if (await until()) return true;
    const next = page.getByRole('button', { name: 'Next hand' });
    if (nextHand && await next.count()) { await next.click(); continue; }
    if (await page.getByRole('button', { name: 'Play again' }).count()) return until();
    await settled(page);
    const four = page.locator('.hand button.four-ono');
    const card = page.locator('.hand button.card-btn.playable').first();
    if (await card.count()) await card.click();
    else if (await four.count()) await four.click();
    else if (await page.locator('.hand-actions button').count()) return until();
  }
  return until();
}

async function startGame(page, server, { players = '4', classic = false, tokens, speed = 'instant', viewport } = {}) {
  await load(page, server);
  await choose(page, 'Number of players', players);
  if (classic) await page.getByLabel('Classic (1980)').check();
  if (tokens) await choose(page, 'Tokens per player', String(tokens));
  await setSpeed(page, speed);
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.getByRole('img', { name: /^Total / }).waitFor();
  void viewport;
}

const dialogOpen = (page) => page.locator('[role="dialog"]').count().then((n) => n > 0);

/** Fails if a seat box covers the total or a pile. */
async function seatsClearOfCentre(page, where) {
  const boxes = await page.evaluate(() => {
    const r = (el) => { const b = el.getBoundingClientRect(); return { l: b.left, t: b.top, r: b.right, b: b.bottom }; };
    return {
      seats: [...document.querySelectorAll('.felt .seat')].map(r),
      centre: [...document.querySelectorAll('.total, .pile')].map(r),
    };
  });
  const hit = (a, b) => a.l < b.r - 1 && b.l < a.r - 1 && a.t < b.b - 1 && b.t < a.b - 1;
  for (const s of boxes.seats) for (const c of boxes.centre) assert(!hit(s, c), `${where}: a seat covers the total or a pile`);
}

export const tableScenarios = [
  ...[['desktop', SIZES[0][1], '3'], ['tablet', SIZES[1][1], '5'], ['phone', SIZES[2][1], '4'], ['small-phone', SIZES[3][1], '8']].map(([label, viewport, players]) => ({
    name: `end of a match (${label}): the final table first, then the result; See the table, Escape and Show the result`,
    run: (ctx) => withPage(ctx, { viewport }, async (page) => {
      await startGame(page, ctx.server, { players });
      // The last play happens, then the table stays in view a moment.
      await playUntil(page, async () => (await page.getByRole('button', { name: 'Play again' }).count()) > 0
        || (await page.locator('.hand-actions button').count()) > 0);
      // With instant bots the match may end before Skip can be pressed.
      const skip = page.getByRole('button', { name: 'Skip to the result' });
      if (await skip.count()) await skip.click({ timeout: 2000 }).catch(() => {});
      await page.getByRole('button', { name: 'Play again' }).waitFor({ timeout: 60000 });
      const result = await snapshot(page);
      assert(new RegExp(`You finished \\d+(st|nd|rd|th) of ${players}\\.`).test(result.dialog), `the result does not say your place: ${result.dialog}`);
      assert(await page.getByRole('columnheader', { name: 'Place' }).count() === 1, 'the standings have no "Place" column header');
      await shot(page, `table-${label}-result`);
      await page.getByRole('button', { name: 'See the table' }).click();
      assert(!(await dialogOpen(page)), 'See the table left the dialog open');
      await page.getByRole('region', { name: 'Table' }).waitFor();
      // Out players' laid-down cards keep clear of the total and the piles.
      await settled(page);
      await seatsClearOfCentre(page, `${label}, final table`);
      await shot(page, `table-${label}-final-table`);
      await page.getByRole('button', { name: 'Show the result' }).click();
      await page.getByRole('button', { name: 'Play again' }).waitFor();
      await page.keyboard.press('Escape');
      assert(!(await dialogOpen(page)), 'Escape did not close the result');
      assert(await page.getByRole('button', { name: 'Show the result' }).count() === 1, 'no way back to the result');
    }),
  })),
  {
    name: 'Skip to the result: once you are out of an elimination game, the bots finish at once',
    run: (ctx) => withPage(ctx, { viewport: SIZES[0][1] }, async (page) => {
      await startGame(page, ctx.server, { players: '8', speed: 'fast' });
      const out = async () => (await page.locator('.me.is-out').count()) > 0 || (await page.getByRole('button', { name: 'Play again' }).count()) > 0;
      // Fast (not instant) bots: play until you are out, then skip the rest.
      for (let i = 0; i < 400 && !(await out()); i++) {
        await page.waitForFunction(
          () => document.querySelector('.hand button.card-btn.playable') || document.querySelector('.me.is-out') || document.querySelector('[role="dialog"]'),
          null, { timeout: 120000, polling: 50 },
        );
        if (await out()) break;
        await settled(page);
        // Play the highest card: the quickest way out.
        const cards = await page.locator('.hand button.card-btn.playable').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-card')));
        const best = cards.sort((a, b) => (parseInt(b, 10) || 0) - (parseInt(a, 10) || 0))[0];
        if (best) await page.locator(`.hand button.card-btn.playable[data-card="${best}"]`).first().click();
      }
      // Going out second to last ends the match: the final table shows, then
      // the result, and there is nothing to skip.
      const skip = page.getByRole('button', { name: 'Skip to the result' });
      const ended = page.getByRole('button', { name: 'Play again' });
      await skip.or(ended).first().waitFor({ timeout: 15000 });
      if (await ended.count()) {
        ctx.note('skip (elimination): the game ended as you went out; nothing to skip');
        return;
      }
      await shot(page, 'table-desktop-skip');
      const t0 = Date.now();
      await skip.click();
      await page.getByRole('button', { name: 'Play again' }).waitFor({ timeout: 30000 });
      ctx.note(`skip (elimination, 8 players, fast bots): result after ${Date.now() - t0} ms`);
    }),
  },
  {
    name: 'tokens: the next hand is not dealt under its summary, Skip to the result after leaving, distinct places',
    run: (ctx) => withPage(ctx, { viewport: SIZES[0][1] }, async (page) => {
      await startGame(page, ctx.server, { players: '5', classic: true, tokens: 1 });
      let summaries = 0;
      let skipped = false;
      for (let step = 0; step < 4000; step++) {
        await page.waitForFunction(
          () => document.querySelector('[role="dialog"]') || document.querySelector('.hand button.card-btn.playable')
            || document.querySelector('.hand button.four-ono') || document.querySelector('.hand-actions button'),
          null, { timeout: 120000, polling: 30 },
        );
        if (await page.getByRole('button', { name: 'Play again' }).count()) break;
        const next = page.getByRole('button', { name: 'Next hand' });
        if (await next.count()) {
          // Behind the summary: the hand that ended, not the next one.
          const behind = await page.evaluate(() => ({
            hand: (document.querySelector('.hand-no') || {}).textContent || '',
            log: [...document.querySelectorAll('.log li li')].map((li) => li.textContent),
          }));
          const heading = await page.locator('[role="dialog"] h2').first().textContent();
          const ended = Number((/(\d+)/.exec(heading) || [])[1]);
          assert(behind.hand === `Hand ${ended}`, `the header says "${behind.hand}" under the summary of hand ${ended}`);
          assert(!behind.log.some((l) => l.startsWith(`Hand ${ended + 1} is dealt`)), `hand ${ended + 1} is already in the log under the summary`);
          if (summaries === 0) await shot(page, 'table-desktop-hand-summary');
          summaries++;
          await next.click();
          continue;
        }
        const skip = page.getByRole('button', { name: 'Skip to the result' });
        if (await skip.count()) {
          skipped = true;
          await skip.click({ timeout: 2000 }).catch(() => {});
          continue;
        }
        await settled(page);
        const card = page.locator('.hand button.card-btn.playable').first();
        if (await card.count()) await card.click();
        else if (await page.locator('.hand button.four-ono').count()) await page.locator('.hand button.four-ono').click();
      }
      await page.getByRole('button', { name: 'Play again' }).waitFor({ timeout: 60000 });
      const places = await page.locator('[role="dialog"] table tbody td.place').allTextContents();
      const sorted = places.map(Number).sort((a, b) => a - b);
      assert(JSON.stringify(sorted) === JSON.stringify([1, 2, 3, 4, 5]), `tokens places are not 1 to 5: ${places.join(', ')}`);
      ctx.note(`tokens (5 players, 1 token): ${summaries} hand summaries checked, skipped after leaving: ${skipped}`);
    }),
  },
  {
    name: 'the pile label never overlaps the call-outs; screenshots of the table at four sizes',
    run: async (ctx) => {
      for (const [label, viewport] of SIZES) {
        for (const players of ['2', '5', '8']) {
          await withPage(ctx, { viewport }, async (page) => {
            await startGame(page, ctx.server, { players, speed: 'fast' });
            await waitForDecision(page);
            await settled(page);
            const boxes = await page.evaluate(() => {
              const r = (el) => { const b = el.getBoundingClientRect(); return { l: b.left, t: b.top, r: b.right, b: b.bottom }; };
              return {
                by: [...document.querySelectorAll('.pile-by')].map(r),
                pills: [...document.querySelectorAll('.callout p')].filter((p) => p.getBoundingClientRect().width > 1).map(r),
                seats: [...document.querySelectorAll('.felt .seat')].map(r),
                total: [...document.querySelectorAll('.total')].map(r),
                piles: [...document.querySelectorAll('.pile')].map(r),
              };
            });
            const hit = (a, b) => a.l < b.r - 1 && b.l < a.r - 1 && a.t < b.b - 1 && b.t < a.b - 1;
            for (const a of boxes.by) for (const p of boxes.pills) assert(!hit(a, p), `${label}, ${players} players: the pile label overlaps a call-out`);
            for (const s of boxes.seats) for (const c of [...boxes.total, ...boxes.piles]) assert(!hit(s, c), `${label}, ${players} players: a seat covers the total or a pile`);
            await shot(page, `table-${label}-${players}p`);
          });
        }
      }
    },
  },
  {
    name: 'touch: a tap on an unplayable card shows why under it, with the sum, and plays nothing',
    run: (ctx) => withPage(ctx, { viewport: SIZES[2][1], hasTouch: true }, async (page) => {
      await startGame(page, ctx.server, { players: '2' });
      for (let i = 0; i < 300; i++) {
        await waitForDecision(page);
        await settled(page);
        const bad = page.locator('.hand button.card-btn.unplayable').first();
        if (await bad.count()) {
          const before = await snapshot(page);
          await bad.tap({ force: true });
          const why = page.locator('.slot.show-why .why');
          await why.waitFor({ timeout: 2000 });
          const text = await why.textContent();
          const after = await snapshot(page);
          assert(after.alert === null, `a tap raised an alert: ${after.alert}`);
          assert(after.totalLabel === before.totalLabel && after.log.length === before.log.length, 'a tap on an unplayable card changed the game');
          await shot(page, 'table-phone-tap-reason');
          ctx.note(`touch: the tapped card says "${text}"`);
          return;
        }
        if (await page.getByRole('button', { name: 'Play again' }).count()) break;
        const next = page.getByRole('button', { name: 'Next hand' });
        if (await next.count()) { await next.click(); continue; }
        const card = page.locator('.hand button.card-btn.playable').first();
        if (await card.count()) await card.tap();
        else if (await page.locator('.hand button.four-ono').count()) await page.locator('.hand button.four-ono').tap();
      }
      ctx.note('touch: no unplayable card came up in this game');
    }),
  },
  {
    name: 'reduced motion: nothing travels, the highlights stay',
    run: (ctx) => withPage(ctx, { viewport: SIZES[0][1], reducedMotion: 'reduce' }, async (page) => {
      await startGame(page, ctx.server, { players: '4', speed: 'fast' });
      await waitForDecision(page);
      await page.locator('.hand button.card-btn.playable').first().click();
      // Right after a play: the card lands, the total changes, a bot answers.
      let moving = 0;
      for (let i = 0; i < 20; i++) {
        moving += await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
        await page.waitForTimeout(50);
      }
      assert(moving === 0, `${moving} animations ran with reduced motion`);
      assert(await page.locator('.total-delta').count() > 0, 'the change of the total is not shown with reduced motion');
    }),
  },
];

export const soakScenario = {
  name: 'soak: 200 instant games in one page load, no console error, bounded memory',
  run: (ctx) => withPage(ctx, { viewport: SIZES[0][1] }, async (page) => {
    await startGame(page, ctx.server, { players: '3' });
    const client = await page.context().newCDPSession(page);
    const heap = async () => {
      await client.send('HeapProfiler.collectGarbage');
      return page.evaluate(() => ({
        js: performance.memory ? performance.memory.usedJSHeapSize : 0,
        nodes: document.getElementsByTagName('*').length,
      }));
    };
    // The page plays itself: a loop inside the page clicks like a person
    // would (the first playable card, Skip when out, Play again at the end),
    // with no round trip to the test per click.
    const play = (games) => page.evaluate((games) => new Promise((resolve, reject) => {
      let done = 0;
      const t0 = performance.now();
      const tick = () => {
        if (performance.now() - t0 > 600000) { reject(new Error(`only ${done} games in 10 minutes`)); return; }
        const again = [...document.querySelectorAll('[role="dialog"] button')].find((b) => b.textContent === 'Play again');
        if (again) {
          done++;
          if (done >= games) { resolve(done); return; }
          again.click();
        } else {
          const card = document.querySelector('.hand button.card-btn.playable');
          const four = document.querySelector('.hand button.four-ono');
          const act = document.querySelector('.hand-actions button');
          (card || four || act || { click() {} }).click();
        }
        setTimeout(tick, 5);
      };
      tick();
    }), games);
    await play(10);
    const before = await heap();
    const t0 = Date.now();
    await play(190);
    const after = await heap();
    const growth = (after.js - before.js) / (1024 * 1024);
    ctx.note(`soak: 190 more instant 3-player games in ${((Date.now() - t0) / 1000).toFixed(0)} s; JS heap ${(before.js / 1048576).toFixed(1)} -> ${(after.js / 1048576).toFixed(1)} MB (growth ${growth.toFixed(2)} MB), DOM elements ${before.nodes} -> ${after.nodes}`);
    assert(growth < 10, `the JS heap grew by ${growth.toFixed(1)} MB over 190 games`);
  }),
};
