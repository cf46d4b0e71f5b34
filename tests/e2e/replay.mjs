// Replays, records, share links and Today's deal (issue 15), by their
// accessible names: the viewer steps forward and back with the totals of
// the game's log, a downloaded record passes `ono99 replay`, opening it
// shows the same match, a share link opens the same replay in a fresh
// browser context, broken files and links give a notice, and two fresh
// contexts get the same Today's deal.

import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { join } from 'node:path';
import { openPage, assertClean, assert, load, choose, setSpeed, setLanguage, settled, shot, audit, openSettings, closeSettings, RESULTS, DECORATIVE } from './lib.mjs';

const DESKTOP = { width: 1280, height: 800 };

/** Plays a legal card whenever one is offered, until `done()`. */
async function playUntil(page, done, limit = 3000) {
  for (let i = 0; i < limit; i++) {
    if (await done()) return;
    await page.waitForFunction(
      () => document.querySelector('[role="dialog"]') || document.querySelector('.hand button.card-btn.playable') || document.querySelector('.hand button.four-ono'),
      null, { timeout: 120000, polling: 30 },
    );
    if (await done()) return;
    const next = page.getByRole('button', { name: 'Next hand' });
    if (await next.count()) { await next.click(); continue; }
    const card = page.locator('.hand button.card-btn.playable').first();
    const four = page.locator('.hand button.four-ono');
    const ply = Number(await page.locator('.total[aria-label]').getAttribute('data-ply'));
    await settled(page);
    if (await card.count()) await card.click();
    else if (await four.count()) await four.click();
    else continue;
    // The play shows on the total before the next look at the table.
    await page.waitForFunction((n) => Number(document.querySelector('.total[aria-label]').getAttribute('data-ply')) > n, ply, { timeout: 10000 });
  }
  throw new Error('the match did not end');
}

const over = (page) => async () => (await page.getByRole('button', { name: 'Play again' }).count()) > 0;
/** Today's deal's result offers its deal again, as practice, instead. */
const dailyOver = (page) => async () => (await page.getByRole('button', { name: "Practice today's deal" }).count()) > 0;

/** Where the coach stands against the table (issue 39: it covered the
 *  hand on a phone): whether it covers the total or any card of your hand,
 *  and whether the total, every card, and its Got it are wholly in view. */
const coachPlace = async (page) => {
  // Measured once the cards have landed (a card drawn flies in from the
  // pile; the glow on the explained card and the ring round a total near
  // 99 move nothing and are not waited for).
  await page.waitForFunction((skip) => document.getAnimations().every((a) => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity
    || skip.includes(a.animationName)), DECORATIVE, { timeout: 10000, polling: 50 }).catch(() => {});
  return page.evaluate(() => {
  const rect = (el) => el && el.getBoundingClientRect();
  const on = (r) => !!r && r.top >= -0.5 && r.bottom <= innerHeight + 0.5 && r.left >= -0.5 && r.right <= innerWidth + 0.5;
  const meets = (a, b) => !!(a && b) && a.top < b.bottom - 1 && b.top < a.bottom - 1 && a.left < b.right - 1 && b.left < a.right - 1;
  const coach = rect(document.querySelector('.coach'));
  const total = rect(document.querySelector('.total'));
  const cards = [...document.querySelectorAll('.hand .card-btn')].map(rect);
  const got = rect(document.querySelector('.coach .btn.primary'));
  return {
    coach: !!coach,
    overTotal: meets(coach, total),
    overCards: cards.filter((c) => meets(coach, c)).length,
    totalInView: on(total),
    cardsOutOfView: cards.filter((c) => !on(c)).length,
    cards: cards.length,
    gotInView: on(got),
  };
  });
};

/** What is wrong with the coach's place, or '' (see `coachPlace`). */
const coachWrong = (v) => [
  !v.coach && 'no coach', v.overTotal && 'it covers the total', v.overCards && `it covers ${v.overCards} card(s)`,
  !v.totalInView && 'the total is out of view', v.cardsOutOfView && `${v.cardsOutOfView} of ${v.cards} cards out of view`,
  !v.gotInView && 'its Got it is out of view',
].filter(Boolean).join(', ');

/** The cards of your hand, by their codes. */
const handCards = (page) => page.locator('.hand button.card-btn').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-card')));

/** What the coach's hints show in your hand: its tip (★), the per-card
 *  totals, its pick, the hinted list. */
const hintsShown = (page) => page.evaluate(() => ({
  tip: document.querySelectorAll('.hand .tip').length,
  makes: document.querySelectorAll('.hand .makes').length,
  pick: document.querySelectorAll('.hand .card-btn.pick').length,
  hinted: document.querySelectorAll('.hand .cards.hinted').length,
}));

/** Whether the dialog's "Copied" is wholly inside the window. */
const copiedInView = (page) => page.evaluate(() => {
  const el = [...document.querySelectorAll('[role="dialog"] [role="status"]')].find((e) => e.textContent.includes('Copied'));
  if (!el) return 'no "Copied"';
  const r = el.getBoundingClientRect();
  // Not under the buttons' bar either: the element at its middle is itself.
  const atMiddle = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const ok = r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth && el.contains(atMiddle);
  return ok ? 'ok' : `"Copied" at ${Math.round(r.top)}–${Math.round(r.bottom)} px in a ${innerHeight} px window (${atMiddle && atMiddle.className} on top)`;
});

/** Every "… total N" of the game log, in order: the total after each play. */
async function logTotals(page) {
  const lines = await page.locator('.log li li').allTextContents();
  return lines.map((l) => /total (−?\d+)/.exec(l)).filter(Boolean).map((m) => m[1]);
}

async function viewerTotal(page) {
  const label = await page.getByRole('main').getByRole('img', { name: /^Total / }).getAttribute('aria-label');
  return /Total (−?\d+)/.exec(label)[1];
}

/** No horizontal overflow: the page is no wider than its window. */
async function fits(page, where) {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert(scroll <= inner, `${where}: the page is ${scroll} px wide in a ${inner} px window`);
}

async function moveLine(page) {
  return page.locator('.replay-controls .slider span').textContent();
}

/** The CLI that checks records: the one `cargo test` built, or cargo run. */
function ono99Replay(file) {
  const built = ['target/debug/ono99', 'target/release/ono99'].find((p) => existsSync(p));
  if (built) return execFileSync(built, ['replay', file], { encoding: 'utf8' });
  return execFileSync('cargo', ['run', '--quiet', '--bin', 'ono99', '--', 'replay', file], { encoding: 'utf8' });
}

export const replayScenarios = [
  {
    // Seed 106 (3 players, you play the first playable card): a match of
    // 22 actions, 6 of them yours (found natively), so the viewer has its
    // 12 steps forward.
    name: 'replay: after a match the viewer steps forward and back with the log\'s totals; the downloaded record passes ono99 replay, opens again, and its share link opens the same replay elsewhere (seed 106)',
    run: async (ctx) => {
      const a = await openPage(ctx.browser, ctx.server, { viewport: DESKTOP });
      const pages = [a];
      try {
        await a.page.goto(`${ctx.server.url}?seed=106`, { waitUntil: 'load' });
        await a.page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
        await choose(a.page, 'Number of players', '3');
        await setSpeed(a.page, 'instant');
        await a.page.getByRole('button', { name: 'Start game' }).click();
        await playUntil(a.page, over(a.page));
        const totals = await logTotals(a.page);
        assert(totals.length >= 12, `seed 106: ${totals.length} plays in the log, not 12 or more; the engine or the bots changed, find a new seed`);
        await a.page.getByRole('dialog').getByRole('button', { name: 'Replay' }).click();
        await a.page.getByRole('heading', { name: 'Replay of the match' }).waitFor();
        const first = await moveLine(a.page);
        const n = Number(/of (\d+)/.exec(first)[1]);
        assert(/^Move 0 of \d+$/.test(first), `the viewer starts at "${first}"`);
        assert(n === totals.length, `the viewer has ${n} moves, the log ${totals.length} plays`);
        // Your own match: you are "You", as in the game, not "Player 1".
        const myName = async (page) => (await page.locator('.replay-game .me .name').textContent()).trim();
        assert(await myName(a.page) === 'You', `your replay calls you "${await myName(a.page)}"`);
        // Forward: each step's total is the log's.
        for (let i = 0; i < Math.min(n, 12); i++) {
          await a.page.getByRole('button', { name: 'Next', exact: true }).click();
          assert(await viewerTotal(a.page) === totals[i], `after move ${i + 1} the viewer shows ${await viewerTotal(a.page)}, the log ${totals[i]}`);
        }
        await a.page.getByRole('button', { name: 'Previous' }).click();
        assert(await viewerTotal(a.page) === totals[Math.min(n, 12) - 2], 'Previous did not go back one move');
        // Every hand shows face up: the three seats are at the table, no
        // card shows its back, each opponent in the hand shows its cards in
        // its seat and the bottom seat's show in the hand area.
        const felt = a.page.locator('.replay-game .felt');
        assert(await felt.locator('[data-seat]').count() === 3, 'not every seat shows');
        assert(await felt.locator('.seat .cardback').count() === 0, 'a hand shows face down');
        const inHand = await felt.locator('.seat:not(.is-out)').count();
        assert(await felt.locator('.seat:not(.is-out):has(.face-up .cardface)').count() === inHand, 'an opponent\'s cards are not face up');
        if (!(await felt.locator('.me.is-out').count())) assert(await a.page.locator('.replay-game .hand .cards.still .cardface').count() > 0, 'the bottom seat\'s cards are not shown');
        await a.page.getByRole('slider', { name: 'Position in the match' }).fill(String(n));
        assert(await viewerTotal(a.page) === totals[n - 1], 'the slider does not reach the end');
        await shot(a.page, 'replay-desktop');
        await audit(a.page, 'the replay viewer');
        // Play runs on by itself; Pause stops it.
        await a.page.getByRole('slider', { name: 'Position in the match' }).fill('0');
        await a.page.getByRole('button', { name: 'Play', exact: true }).click();
        await a.page.waitForFunction(() => !/^Move 0 /.test(document.querySelector('.replay-controls .slider span').textContent), null, { timeout: 5000 });
        await a.page.getByRole('button', { name: 'Pause' }).click();

        // Download record → ono99 replay.
        mkdirSync(RESULTS, { recursive: true });
        const file = join(RESULTS, 'replay-record.json');
        const [download] = await Promise.all([
          a.page.waitForEvent('download'),
          a.page.getByRole('button', { name: 'Download record' }).click(),
        ]);
        await download.saveAs(file);
        const out = ono99Replay(file);
        ctx.note(`replay: ${n} moves; ono99 replay on the downloaded record: ${out.trim().split('\n').pop()}`);

        // Open it again: the same match.
        await a.page.getByLabel('Open a record').setInputFiles(file);
        await a.page.waitForFunction(() => /^Move 0 of /.test(document.querySelector('.replay-controls .slider span').textContent));
        assert(await moveLine(a.page) === `Move 0 of ${n}`, 'the opened record is not the same match');

        // A broken record: a notice, nothing else.
        await a.page.getByLabel('Open a record').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"something else"}') });
        await a.page.getByRole('alert').filter({ hasText: 'not an ONO 99 record' }).waitFor();
        assert(await moveLine(a.page) === `Move 0 of ${n}`, 'a broken record changed the viewer');

        // Share link → a fresh context shows the same replay.
        await a.page.getByRole('button', { name: 'Copy share link' }).click();
        const link = await a.page.getByRole('textbox', { name: 'Share link' }).inputValue();
        assert(/#replay=[A-Za-z0-9_-]+$/.test(link), `odd share link: ${link}`);
        ctx.note(`share link of a ${n}-move 3-player match: ${link.length - link.indexOf('#')} characters after the address`);
        const b = await openPage(ctx.browser, ctx.server, { viewport: { width: 390, height: 844 } });
        pages.push(b);
        await b.page.goto(link);
        await b.page.getByRole('heading', { name: 'Replay of the match' }).waitFor();
        assert(await moveLine(b.page) === `Move 0 of ${n}`, 'the share link opened another match');
        // Someone else's link: its names as the sharer's game gave them.
        assert(await myName(b.page) === 'Player 1', `a shared replay names its first seat "${await myName(b.page)}"`);
        await b.page.getByRole('slider', { name: 'Position in the match' }).fill(String(n));
        assert(await viewerTotal(b.page) === totals[n - 1], 'the shared replay ends on another total');
        await shot(b.page, 'replay-phone');
        // Close: the page behind is the setup screen.
        await b.page.getByRole('button', { name: 'Close' }).click();
        await b.page.getByRole('button', { name: 'Start game' }).waitFor();

        // The finished match is in the statistics' recent matches: after a
        // reload the result shows again; New game, then Statistics.
        await a.page.getByRole('button', { name: 'Close' }).click();
        await a.page.reload();
        await a.page.getByRole('dialog').getByRole('button', { name: 'New game' }).click();
        await a.page.getByRole('button', { name: 'Statistics' }).click();
        await a.page.getByRole('heading', { name: 'Recent matches' }).waitFor();
        const recent = a.page.locator('.recent-list > li');
        assert(await recent.count() === 1, `recent matches list ${await recent.count()} matches, not the one played`);
        assert(/3 players/.test(await recent.first().textContent()), `the recent match is not the 3-player one: ${await recent.first().textContent()}`);
        await recent.first().getByRole('button', { name: 'Replay' }).click();
        await a.page.getByRole('heading', { name: 'Replay of the match' }).waitFor();
        assert(await moveLine(a.page) === `Move 0 of ${n}`, 'the recent match replays another match');
        assert(await myName(a.page) === 'You', `a recent match's replay calls you "${await myName(a.page)}"`);
        await a.page.getByRole('button', { name: 'Next', exact: true }).click();
        const said = await a.page.locator('.log').textContent();
        assert(!/Player 1/.test(said), `your recent match's replay speaks of "Player 1": ${said.slice(0, 200)}`);
        for (const p of pages) await assertClean(p.page, p.problems);
      } finally {
        for (const p of pages) await p.context.close().catch(() => {});
      }
    },
  },
  {
    // A crowded table on a phone: 8 players (seed 5), the replay stepped
    // through at 390 and 360 px wide.
    name: 'replay: an 8-player match replays on 390 and 360 px phones with no horizontal overflow, the slider and controls on screen at every step looked at (seed 5)',
    run: async (ctx) => {
      const a = await openPage(ctx.browser, ctx.server, { viewport: { width: 390, height: 844 } });
      try {
        await a.page.goto(`${ctx.server.url}?seed=5`, { waitUntil: 'load' });
        await a.page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
        await choose(a.page, 'Number of players', '8');
        await setSpeed(a.page, 'instant');
        await a.page.getByRole('button', { name: 'Start game' }).click();
        await playUntil(a.page, over(a.page));
        await a.page.getByRole('dialog').getByRole('button', { name: 'Replay' }).click();
        await a.page.getByRole('heading', { name: 'Replay of the match' }).waitFor();
        const n = Number(/of (\d+)/.exec(await moveLine(a.page))[1]);
        const slider = a.page.getByRole('slider', { name: 'Position in the match' });
        let looked = 0;
        for (const size of [{ width: 390, height: 844 }, { width: 360, height: 640 }]) {
          await a.page.setViewportSize(size);
          for (const step of [0, 1, 2, 3, Math.floor(n / 4), Math.floor(n / 2), Math.floor((3 * n) / 4), n - 1, n]) {
            await slider.fill(String(step));
            await a.page.waitForFunction((s) => document.querySelector('.replay-controls .slider span').textContent.startsWith(`Move ${s} `), step);
            await fits(a.page, `the 8-player replay at move ${step} of ${n}, ${size.width} px`);
            for (const [what, el] of [['slider', slider], ['Previous', a.page.getByRole('button', { name: 'Previous' })],
              ['Next', a.page.getByRole('button', { name: 'Next', exact: true })]]) {
              const box = await el.boundingBox();
              assert(box && box.x >= 0 && box.x + box.width <= size.width + 0.5, `the replay's ${what} is cut at ${size.width} px, move ${step}: ${JSON.stringify(box)}`);
            }
            looked++;
          }
          await slider.fill(String(Math.floor(n / 2)));
          await shot(a.page, `replay-8-phone-${size.width}`);
          // The share link's field under the table fits too.
          await a.page.getByRole('button', { name: 'Copy share link' }).click();
          await a.page.getByRole('textbox', { name: 'Share link' }).waitFor();
          await fits(a.page, `the 8-player replay with its share link, ${size.width} px`);
        }
        ctx.note(`8-player replay: ${n} moves, ${looked} positions looked at on phones, none wider than the window`);
        await assertClean(a.page, a.problems);
      } finally {
        await a.context.close();
      }
    },
  },
  {
    // The quick match is dealt from seed 63 (2 players): 4 actions.
    name: 'replay: a broken share link gives a notice and the setup screen; recent matches replay from the statistics',
    run: async (ctx) => {
      const a = await openPage(ctx.browser, ctx.server, { viewport: DESKTOP });
      try {
        await a.page.goto(`${ctx.server.url}?seed=63#replay=AQFNbroken`);
        await a.page.getByRole('alert').filter({ hasText: 'share link is broken' }).waitFor();
        await a.page.getByRole('button', { name: 'Start game' }).waitFor();
        // A quick match, then its replay from the statistics screen.
        await choose(a.page, 'Number of players', '2');
        await setSpeed(a.page, 'instant');
        await a.page.getByRole('button', { name: 'Start game' }).click();
        await playUntil(a.page, over(a.page));
        await a.page.getByRole('dialog').getByRole('button', { name: 'New game' }).click();
        await a.page.getByRole('button', { name: 'Statistics' }).click();
        await a.page.getByRole('heading', { name: 'Recent matches' }).waitFor();
        await a.page.getByRole('button', { name: 'Replay' }).first().click();
        await a.page.getByRole('heading', { name: 'Replay of the match' }).waitFor();
        assert(/^Move 0 of \d+$/.test(await moveLine(a.page)), 'the recent match did not open');
        await a.page.getByRole('button', { name: 'Close' }).click();
        await a.page.getByRole('button', { name: 'Statistics' }).click();
        await a.page.getByRole('heading', { name: 'Recent matches' }).waitFor();
        await audit(a.page, 'statistics with recent matches and Today\'s deal');
        await assertClean(a.page, a.problems);
      } finally {
        await a.context.close();
      }
    },
  },
  {
    // A version-2 share link (tests/fixtures/share-link-v2.txt: a 3-player
    // match with its deal's proof, two friends' contributions) opens on a
    // phone and a desktop with the deal verified under the title; the same
    // link with one bit of the revealed secret changed (its checksum made
    // right again) says the deal is not verified, and why.
    name: "replay: a share link with its deal's proof says \"Deal verified\"; one whose secret does not open its seal says \"Deal not verified\"",
    run: async (ctx) => {
      const code = readFileSync('tests/fixtures/share-link-v2.txt', 'utf8').trim();
      // The body ends with the secret (32 bytes), the contribution count
      // and two contributions of 17 bytes; then the CRC-32, big-endian.
      const bytes = Buffer.from(code, 'base64url');
      const body = Buffer.from(bytes.subarray(0, bytes.length - 4));
      body[body.length - 1 - 2 * 17 - 1] ^= 0x01;
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      const forged = Buffer.concat([body, crc]).toString('base64url');
      const pages = [];
      try {
        for (const [viewport, size] of [[{ width: 390, height: 844 }, 'phone'], [DESKTOP, 'desktop']]) {
          const p = await openPage(ctx.browser, ctx.server, { viewport });
          pages.push(p);
          await p.page.goto(`${ctx.server.url}#replay=${code}`);
          await p.page.getByRole('heading', { name: 'Replay of the match' }).waitFor();
          await p.page.getByRole('status').filter({ hasText: "Deal verified: dealt from the host's sealed secret and 2 friends' contributions" }).waitFor();
          await fits(p.page, `the verified deal on a ${size}`);
          await shot(p.page, `replay-deal-verified-${size}`);
        }
        // Its own share link keeps the proof: the same code.
        const a = pages[1];
        await a.page.getByRole('button', { name: 'Copy share link' }).click();
        const link = await a.page.getByRole('textbox', { name: 'Share link' }).inputValue();
        assert(link.endsWith(`#replay=${code}`), `the share link lost the proof: ${link}`);

        const b = await openPage(ctx.browser, ctx.server, { viewport: { width: 390, height: 844 } });
        pages.push(b);
        await b.page.goto(`${ctx.server.url}#replay=${forged}`);
        await b.page.getByRole('heading', { name: 'Replay of the match' }).waitFor();
        await b.page.getByRole('status').filter({ hasText: "Deal not verified: the host's secret does not match the seal it sent before the deal" }).waitFor();
        await fits(b.page, 'the refused deal on a phone');
        await shot(b.page, 'replay-deal-not-verified-phone');
        await audit(b.page, 'a replay whose deal is not verified');
        for (const p of pages) await assertClean(p.page, p.problems);
      } finally {
        for (const p of pages) await p.context.close();
      }
    },
  },
  {
    name: "Today's deal: two fresh contexts get the same first hand; the counted result survives a reload, later attempts are practice",
    long: true,
    run: async (ctx) => {
      const hands = [];
      const pages = [];
      try {
        for (let i = 0; i < 2; i++) {
          const p = await openPage(ctx.browser, ctx.server, { viewport: DESKTOP });
          pages.push(p);
          await load(p.page, ctx.server);
          await setSpeed(p.page, 'instant');
          await p.page.getByRole('button', { name: "Today's deal" }).click();
          await p.page.getByRole('img', { name: /^Total / }).waitFor();
          await p.page.getByText("Today's deal (counted)", { exact: true }).first().waitFor();
          await settled(p.page);
          hands.push(await p.page.locator('.hand button.card-btn').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-card'))));
        }
        assert(hands[0].length === 4 && JSON.stringify(hands[0]) === JSON.stringify(hands[1]), `two contexts got different deals: ${hands[0]} / ${hands[1]}`);
        const p = pages[0].page;
        await playUntil(p, dailyOver(p));
        assert(await p.getByRole('button', { name: 'Copy result' }).count() === 1, 'no "Copy result"');
        // Copying says so, in a status message.
        await pages[0].context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(ctx.server.url).origin });
        await p.getByRole('button', { name: 'Copy result' }).click();
        await p.getByRole('dialog').getByRole('status').filter({ hasText: 'Copied' }).waitFor({ timeout: 5000 });
        const copied = await p.evaluate(() => navigator.clipboard.readText());
        assert(/Today's deal/i.test(copied) || copied.includes('ONO 99'), `the clipboard holds: ${copied}`);
        // With the game's link, which opens its first page.
        const home = new URL(ctx.server.url).href;
        assert(copied.trim().endsWith(`\n${home}`), `the shared result has no link to the game (${home}): ${copied}`);
        const place = /You finished (\d+)/.exec(await p.getByRole('dialog').textContent());
        assert(place, `the result does not say your place: ${await p.getByRole('dialog').textContent()}`);
        // After a reload the finished match shows its result again.
        await p.reload();
        await p.getByRole('dialog').getByRole('button', { name: 'New game' }).click();
        await p.getByRole('button', { name: 'Statistics' }).click();
        await p.getByRole('heading', { name: "Today's deal" }).waitFor();
        const today = await p.locator('.daily-stats').textContent();
        assert(/Days played\s*1/.test(today), `the counted result is not kept: ${today}`);
        assert(today.includes(`You finished ${place[1]}`), `today's result is not the counted one: ${today}`);
        await p.getByRole('button', { name: /Back/ }).click();
        await p.getByRole('button', { name: "Today's deal" }).click();
        await p.getByText("Today's deal (practice)").waitFor();
        ctx.note(`today's deal: same first hand in two contexts (${hands[0].join(' ')}); counted place ${place[1]} kept after a reload`);
        for (const q of pages) await assertClean(q.page, q.problems);
      } finally {
        for (const q of pages) await q.context.close().catch(() => {});
      }
    },
  },
  {
    name: "Today's deal is fair: no hints while the counted attempt is played, still counted after a reload, Review once it is over; Practice deals the same hand with hints; \"Copied\" is on a phone's screen",
    long: true,
    run: async (ctx) => {
      const a = await openPage(ctx.browser, ctx.server, { viewport: { width: 390, height: 844 } });
      try {
        const p = a.page;
        await load(p, ctx.server);
        // Hints on in Settings, as the player had them.
        await openSettings(p);
        await p.getByLabel('Bot speed', { exact: true }).selectOption('instant');
        await p.getByRole('checkbox', { name: 'Hints' }).check();
        await closeSettings(p);
        await p.getByRole('button', { name: "Today's deal" }).click();
        const label = p.locator('.hand-no');
        await p.getByText("Today's deal (counted)", { exact: true }).waitFor();
        // Where the hints would show, it says they are off, and why.
        const heldBack = p.locator('.hand').getByText('No hints: this attempt counts');
        await p.locator('.hand button.card-btn.playable').first().waitFor({ timeout: 60000 });
        await settled(p);
        const first = await handCards(p);
        await heldBack.waitFor();
        let shown = await hintsShown(p);
        assert(!shown.tip && !shown.makes && !shown.pick && !shown.hinted, `hints during the counted attempt: ${JSON.stringify(shown)}`);
        await shot(p, 'daily-counted-no-hints-phone');
        // One play, then a reload: the same attempt, still the counted one,
        // still without hints.
        const ply = Number(await p.locator('.total[aria-label]').getAttribute('data-ply'));
        await p.locator('.hand button.card-btn.playable').first().click();
        await p.waitForFunction((n) => Number(document.querySelector('.total[aria-label]').getAttribute('data-ply')) > n, ply, { timeout: 10000 });
        await p.reload({ waitUntil: 'load' });
        await p.locator('.hand-no').waitFor();
        await p.waitForFunction(
          () => document.querySelector('[role="dialog"]') || document.querySelector('.hand button.card-btn.playable'),
          null, { timeout: 60000, polling: 50 },
        );
        const after = await label.textContent();
        if (await p.locator('.hand button.card-btn.playable').count()) {
          assert(after === "Today's deal (counted)", `after a reload mid-attempt the label is "${after}"`);
          await heldBack.waitFor();
          await settled(p);
          shown = await hintsShown(p);
          assert(!shown.tip && !shown.makes && !shown.pick && !shown.hinted, `hints after the reload: ${JSON.stringify(shown)}`);
        } else {
          // Out at the first card: the match ran on to its end.
          assert(after === "Today's deal (counted)", `after a reload the label is "${after}"`);
        }
        await playUntil(p, dailyOver(p));
        // Over: the review and the practice are offered, the label stays.
        const dialog = p.getByRole('dialog');
        for (const name of ['Review my plays', "Practice today's deal", 'New game']) {
          assert(await dialog.getByRole('button', { name, exact: true }).count() === 1, `no "${name}" at the end of Today's deal`);
        }
        assert(await dialog.getByRole('button', { name: 'Play again', exact: true }).count() === 0, '"Play again" would deal another game');
        assert(await label.textContent() === "Today's deal (counted)", `the finished attempt is labelled "${await label.textContent()}"`);
        assert(await heldBack.count() === 0, 'the finished attempt still says "No hints"');
        // "Copied" shows on screen, at both phone sizes.
        await a.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(ctx.server.url).origin });
        await dialog.getByRole('button', { name: 'Copy result' }).click();
        await dialog.getByRole('status').filter({ hasText: 'Copied' }).waitFor({ timeout: 5000 });
        assert(await copiedInView(p) === 'ok', `390×844: ${await copiedInView(p)}`);
        await shot(p, 'daily-copied-390');
        await p.setViewportSize({ width: 360, height: 640 });
        await dialog.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
        assert(await copiedInView(p) === 'ok', `360×640: ${await copiedInView(p)}`);
        await shot(p, 'daily-copied-360');
        await p.setViewportSize({ width: 390, height: 844 });
        // Reloaded on its result, it is still the counted attempt.
        await p.reload({ waitUntil: 'load' });
        await p.getByRole('dialog').getByRole('button', { name: "Practice today's deal" }).waitFor();
        assert(await label.textContent() === "Today's deal (counted)", `after a reload the result is labelled "${await label.textContent()}"`);
        // Practice: the same deal, labelled so, with the hints back.
        await p.getByRole('dialog').getByRole('button', { name: "Practice today's deal" }).click();
        await p.getByText("Today's deal (practice)", { exact: true }).waitFor();
        await p.locator('.hand button.card-btn.playable').first().waitFor({ timeout: 60000 });
        await settled(p);
        const again = await handCards(p);
        assert(JSON.stringify(again) === JSON.stringify(first), `practice dealt ${again}, the counted attempt ${first}`);
        shown = await hintsShown(p);
        assert(shown.makes > 0 && shown.hinted === 1, `no hints in practice: ${JSON.stringify(shown)}`);
        assert(await heldBack.count() === 0, 'practice says "No hints"');
        await shot(p, 'daily-practice-hints-phone');
        ctx.note(`today's deal: first hand ${first.join(' ')}; no hints while counted, practice with hints (${shown.makes} totals)`);
        await assertClean(p, a.problems);
      } finally {
        await a.context.close();
      }
    },
  },
];

export const learnScenarios = [
  {
    name: 'Learn to play: the coach explains the total first and each card as it comes; playing the coach\'s pick (★, shown with hints off) every turn wins the guided game; it can be skipped',
    long: true,
    run: async (ctx) => {
      const a = await openPage(ctx.browser, ctx.server, { viewport: { width: 390, height: 844 } });
      try {
        await load(a.page, ctx.server);
        // Hints off in Settings (a first visit's default): the guided game
        // shows the coach's pick anyway, the card ringed and starred
        // (\`.card-btn.pick\`), and following it every turn wins the guided
        // game (tests/learn.rs checks every line its bots could take).
        await openSettings(a.page);
        assert(!(await a.page.getByRole('checkbox', { name: 'Hints' }).isChecked()), 'hints are on by default: nothing to check');
        await closeSettings(a.page);
        await a.page.getByRole('button', { name: 'Learn to play' }).click();
        const coach = a.page.getByRole('region', { name: 'The total' });
        await coach.waitFor();
        await shot(a.page, 'learn-phone-total');
        await audit(a.page, 'a coach mark');
        // The coach card, the total and your hand's cards are all on screen
        // at once, with the page at the top; the cards it asks for glow.
        const inView = async (page) => page.evaluate(() => {
          const box = (sel) => { const el = document.querySelector(sel); return el && el.getBoundingClientRect(); };
          const on = (r) => r && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
          const got = [...document.querySelectorAll('.coach button')].find((b) => b.textContent === 'Got it');
          const cards = [...document.querySelectorAll('.hand .card-btn.playable')];
          // The lesson's glow (the hints' ring is gold too, still).
          const glow = cards.filter((c) => getComputedStyle(c.querySelector('.cardface')).animationName === 'lesson-glow');
          const coach = box('.coach');
          const total = box('.total');
          const pick = document.querySelector('.hand .card-btn.pick');
          return {
            got: on(got && got.getBoundingClientRect()), total: on(total), scrollY,
            overlap: !!(coach && total && coach.top < total.bottom && coach.bottom > total.top && coach.left < total.right && coach.right > total.left),
            coaches: document.querySelectorAll('.coach').length, playable: cards.length, glowing: glow.length,
            glowsPick: glow.length === 1 && glow[0] === pick,
            named: (document.querySelector('.coach-pick') || {}).textContent || '', pick: pick && pick.getAttribute('aria-label'),
          };
        });
        let v = await inView(a.page);
        const wrongFirst = coachWrong(await coachPlace(a.page));
        assert(!wrongFirst, `phone, the first mark: ${wrongFirst}`);
        // The coach names the card to play, and only that card glows
        // (issue 39: "pick a glowing card" while all four glowed).
        assert(v.playable > 1 && v.glowsPick, `${v.glowing} of ${v.playable} playable cards glow, not the coach's pick alone`);
        assert(v.pick && v.named === `${v.pick} ★`, `the coach says "${v.named}", its pick is "${v.pick}"`);
        {
          const d = await openPage(ctx.browser, ctx.server, { viewport: { width: 1280, height: 800 } });
          try {
            await load(d.page, ctx.server);
            await d.page.getByRole('button', { name: 'Learn to play' }).click();
            await d.page.getByRole('region', { name: 'The total' }).waitFor();
            await shot(d.page, 'learn-desktop-total');
            v = await inView(d.page);
            assert(v.got && v.total && !v.overlap && v.scrollY === 0, `desktop: the coach's Got it and the total are not both in view: ${JSON.stringify(v)}`);
            const wrongDesktop = coachWrong(await coachPlace(d.page));
            assert(!wrongDesktop, `desktop, the first mark: ${wrongDesktop}`);
            await assertClean(d.page, d.problems);
          } finally {
            await d.context.close();
          }
        }
        // The guided game deals at Normal speed; the rest of it is played
        // at instant speed (Settings, as a person would): its deal and the
        // bots' moves are fixed, so the marks come in the same order, and
        // the bots' pauses were most of this scenario's minute.
        await setSpeed(a.page, 'instant');
        const seen = [];
        let picks = 0;
        const done = over(a.page);
        for (let i = 0; i < 3000 && !(await done()); i++) {
          const got = a.page.getByRole('button', { name: 'Got it' });
          if (await got.count()) {
            assert(await a.page.locator('.coach').count() === 1, 'two coach cards show at once');
            seen.push(await a.page.locator('.coach h2').textContent());
            // Every mark, on the phone: nothing of the table under it.
            const wrong = coachWrong(await coachPlace(a.page));
            assert(!wrong, `phone, the mark "${seen[seen.length - 1]}": ${wrong}`);
            if (seen.length === 5) await shot(a.page, 'learn-phone-ninety-nine');
            await got.click();
            continue;
          }
          await a.page.waitForFunction(
            () => document.querySelector('[role="dialog"]') || document.querySelector('.coach') || document.querySelector('.hand button.card-btn.playable') || document.querySelector('.hand button.four-ono') || document.querySelector('.me.is-out'),
            null, { timeout: 120000, polling: 30 },
          );
          if (await a.page.getByRole('button', { name: 'Got it' }).count()) continue;
          const pick = a.page.locator('.hand button.card-btn.pick');
          const four = a.page.locator('.hand button.four-ono');
          if (await pick.count()) {
            assert(await pick.count() === 1, `${await pick.count()} cards marked as the coach's pick`);
            picks++;
            await pick.click();
          } else if (await four.count()) {
            // The pick is the four-ONO discard: no card is marked.
            picks++;
            await four.click();
          } else if (await a.page.locator('.hand button.card-btn.playable').count()) {
            assert(false, 'your turn in the guided game, but no card is marked as the coach\'s pick');
          } else if (!(await done())) {
            // Out of the hand: the bots play on until a mark or the result.
            await a.page.locator('.coach, [role="dialog"]').first().waitFor({ timeout: 120000 });
          }
        }
        assert(await done(), 'the guided game did not end');
        assert(seen[0] === 'The total', `the first mark is "${seen[0]}"`);
        for (const t of ['Reverse', 'Play 2']) assert(seen.includes(t), `no "${t}" mark (seen: ${seen.join(', ')})`);
        // The fixed deal, played by the coach's pick, shows every mark.
        const all = ['The total', 'Reverse', '\u221210', 'Play 2', 'The ONO 99 card', 'Four ONO 99 cards', 'Going out'];
        assert(JSON.stringify(seen) === JSON.stringify(all), `the marks came as ${seen.join(' → ')}, not ${all.join(' → ')}`);
        // Following the coach wins: the result says so.
        const heading = await a.page.getByRole('dialog').locator('h2').first().textContent();
        assert(/^You win/.test(heading || ''), `the coach's pick, played on each of ${picks} turns, did not win: the result says "${heading}"`);
        // The lesson ends on a wrap-up in the result, not on a mark mid-game.
        await a.page.getByRole('dialog').getByRole('heading', { name: 'You know every card' }).waitFor();
        await shot(a.page, 'learn-phone-wrap-up');
        ctx.note(`learn to play: marks in order: ${seen.join(' → ')}; the coach's pick played on ${picks} turns won; then the wrap-up in the result`);
        // Play again keeps the lesson's table (you and its two Easy bots),
        // dealt anew and without the coach (issue 39: it dealt the setup's
        // four-player game).
        await a.page.getByRole('dialog').getByRole('button', { name: 'Play again' }).click();
        await a.page.getByRole('dialog').waitFor({ state: 'detached' });
        await a.page.locator('.hand button.card-btn').first().waitFor();
        const others = await a.page.locator('.felt .seat').evaluateAll((ss) => ss.map((x) => x.getAttribute('aria-label') || x.textContent));
        assert(others.length === 2, `Play again after the lesson dealt ${others.length + 1} players: ${others.join(' | ')}`);
        assert(await a.page.locator('.coach').count() === 0, 'the coach came back after Play again');
        // Skipped: no more marks, the game goes on.
        await a.page.locator('.topbar').getByRole('button', { name: 'New game' }).click();
        await a.page.getByRole('dialog').getByRole('button', { name: 'Leave game' }).click();
        await a.page.getByRole('button', { name: 'How to play' }).click();
        await a.page.getByRole('button', { name: 'Learn to play' }).click();
        await a.page.getByRole('region', { name: 'The total' }).waitFor();
        await a.page.getByRole('button', { name: 'Skip the lesson' }).click();
        await setSpeed(a.page, 'instant');
        for (let i = 0; i < 6 && !(await done()); i++) {
          const card = a.page.locator('.hand button.card-btn.playable').first();
          await card.or(a.page.locator('.me.is-out')).or(a.page.getByRole('dialog')).first().waitFor({ timeout: 60000 });
          assert(await a.page.locator('.coach').count() === 0, 'a coach mark came back after Skip the lesson');
          if (await card.count()) await card.click();
        }
        await assertClean(a.page, a.problems);
        // The lesson is not a match of yours: the statistics and the
        // recent matches do not have it (issue 39: Played 1 after it).
        await a.page.goto(`${ctx.server.url}app/#stats`, { waitUntil: 'load' });
        await a.page.getByRole('heading', { name: 'Your statistics' }).waitFor();
        await a.page.getByText('No finished games yet', { exact: false }).waitFor();
        await a.page.getByText('Your finished matches will be listed here', { exact: false }).waitFor({ timeout: 5000 })
          .catch(() => { throw new Error('the lesson is among the recent matches'); });
      } finally {
        await a.context.close();
      }
    },
  },
];

// Each language's first mark at each size, and every mark of the lesson
// at the smallest phone in French (its texts run longest): the coach
// covers no card and not the total, and its Got it is in view.
learnScenarios.push({
  name: 'Learn to play: the coach covers neither the total nor a card, with the total, every card and its Got it in view, at 360x640, 390x844, 820x1180, 1024x768 and 1280x800 in four languages (every mark at 360x640 in French)',
  run: async (ctx) => {
    const sizes = [[360, 640], [390, 844], [820, 1180], [1024, 768], [1280, 800]];
    const problems = [];
    // One lesson a language, its first mark looked at in each size (the
    // window resized, as a phone turned or a window dragged).
    for (const lang of ['en', 'es', 'fr', 'pt']) {
      const a = await openPage(ctx.browser, ctx.server, { viewport: { width: sizes[0][0], height: sizes[0][1] } });
      try {
        await load(a.page, ctx.server);
        if (lang !== 'en') await setLanguage(a.page, 'Language', lang);
        await a.page.locator('button.learn-btn').click();
        await a.page.locator('.coach').waitFor();
        await a.page.locator('.hand .card-btn').first().waitFor();
        for (const [width, height] of sizes) {
          await a.page.setViewportSize({ width, height });
          const wrong = coachWrong(await coachPlace(a.page));
          if (wrong) problems.push(`${lang} ${width}x${height}: ${wrong}`);
          if (lang === 'fr' && width === 360) await shot(a.page, 'learn-fr-360-total');
        }
        if (lang === 'fr') {
          // Each mark from here is looked at as the lesson shows it, at
          // 360x640 (the page scrolls to each new mark).
          await a.page.setViewportSize({ width: 360, height: 640 });
          // Settings in French, as a person would.
          await openSettings(a.page);
          await a.page.getByLabel('Vitesse des robots', { exact: true }).selectOption('instant');
          await closeSettings(a.page);
          const done = async () => (await a.page.getByRole('dialog').count()) > 0;
          let marks = 1;
          await a.page.locator('.coach .btn.primary').click();
          for (let i = 0; i < 3000 && !(await done()); i++) {
            await a.page.waitForFunction(
              () => document.querySelector('[role="dialog"]') || document.querySelector('.coach') || document.querySelector('.hand button.card-btn.pick') || document.querySelector('.hand button.four-ono'),
              null, { timeout: 120000, polling: 30 },
            );
            if (await a.page.locator('.coach').count()) {
              marks++;
              const w = coachWrong(await coachPlace(a.page));
              if (w) problems.push(`fr 360x640, mark ${marks} "${await a.page.locator('.coach h2').textContent()}": ${w}`);
              await shot(a.page, `learn-fr-360-mark-${marks}`);
              await a.page.locator('.coach .btn.primary').click();
            } else if (await a.page.locator('.hand button.card-btn.pick').count()) {
              await a.page.locator('.hand button.card-btn.pick').click();
            } else if (await a.page.locator('.hand button.four-ono').count()) {
              await a.page.locator('.hand button.four-ono').click();
            }
          }
          assert(marks >= 7, `the French lesson showed ${marks} marks, not the 7 of its deal`);
        }
        await assertClean(a.page, a.problems);
      } finally {
        await a.context.close();
      }
    }
    assert(problems.length === 0, `the coach's place: ${problems.join('; ')}`);
  },
});

export const reviewScenarios = [
  {
    // Seed 7 (3 players, modern, you play the first playable card): 17 of
    // your turns offer a real choice, so the review has work to cancel.
    name: 'Review my plays: after a match every decision you made is listed with a distinct verdict, its reason, headed columns and a summary; Open in the replay lands on that move; review and replay fit 390 and 360 px phones; Cancel stops a review (seed 7)',
    long: true,
    run: async (ctx) => {
      const a = await openPage(ctx.browser, ctx.server, { viewport: DESKTOP });
      try {
        await a.page.goto(`${ctx.server.url}?seed=7`, { waitUntil: 'load' });
        await a.page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
        await choose(a.page, 'Number of players', '3');
        await setSpeed(a.page, 'instant');
        await a.page.getByRole('button', { name: 'Start game' }).click();
        // Play, counting the turns with a real choice (two different legal moves or more).
        let decisions = 0;
        const done = over(a.page);
        for (let i = 0; i < 3000 && !(await done()); i++) {
          await a.page.waitForFunction(
            () => document.querySelector('[role="dialog"]') || document.querySelector('.hand button.card-btn.playable') || document.querySelector('.hand button.four-ono'),
            null, { timeout: 120000, polling: 30 },
          );
          if (await done()) break;
          const kinds = new Set(await a.page.locator('.hand button.card-btn.playable').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-card'))));
          const four = await a.page.locator('.hand button.four-ono').count();
          if (kinds.size + four === 0) continue;
          if (kinds.size + four > 1) decisions++;
          await settled(a.page);
          const ply = Number(await a.page.locator('.total[aria-label]').getAttribute('data-ply'));
          const card = a.page.locator('.hand button.card-btn.playable').first();
          if (await card.count()) await card.click();
          else await a.page.locator('.hand button.four-ono').click();
          await a.page.waitForFunction((n) => Number(document.querySelector('.total[aria-label]').getAttribute('data-ply')) > n, ply, { timeout: 10000 });
        }
        assert(await done(), 'the match did not end');
        assert(decisions === 17, `seed 7: ${decisions} turns with a choice, not 17; the engine or the bots changed, find a new seed`);
        await a.page.getByRole('dialog').getByRole('button', { name: 'Review my plays' }).click();
        await a.page.getByRole('heading', { name: 'Review of your plays' }).waitFor();
        const t0 = Date.now();
        await a.page.waitForFunction(() => !document.querySelector('.review progress'), null, { timeout: 120000 });
        const took = Date.now() - t0;
        const rows = a.page.locator('.decisions > li');
        const n = await rows.count();
        assert(n === decisions, `the review lists ${n} decisions, you made ${decisions}`);
        const labels = await a.page.locator('.decisions > li .decision-head .verdict').allTextContents();
        assert(labels.length === n && labels.every((l) => ['Best', 'Good', 'Inaccuracy', 'Mistake'].includes(l)), `labels: ${labels}`);
        const summary = await a.page.locator('.review-summary').textContent();
        assert(new RegExp(`^${n} decisions?`).test(summary), `summary: ${summary}`);
        // The summary's badges count every decision.
        const counted = (await a.page.locator('.verdict-counts .count').allTextContents()).reduce((t, c) => t + Number(/\d+/.exec(c)[0]), 0);
        assert(counted === n, `the summary's badges count ${counted} decisions, not ${n}`);
        // Visible column headings over the numbers, a reason on every decision.
        const heads = await a.page.locator('.decisions > li').first().locator('.review-options thead th').allTextContents();
        assert(JSON.stringify(heads) === JSON.stringify(['Play', 'Total after', 'Next player stuck', 'Chance to win', 'Verdict']), `column headings: ${heads}`);
        assert(await a.page.locator('.decisions > li').first().locator('.review-options thead th').first().isVisible(), 'the column headings are hidden');
        const reasons = await a.page.locator('.decisions > li .reason').allTextContents();
        assert(reasons.length === n && reasons.every((r) => /\d/.test(r) && r.length > 30), `reasons: ${reasons.join(' | ')}`);
        // A play that was not the best names the better card and what it gains.
        const notBest = await a.page.locator('.decisions > li:not(.v-best) .reason').allTextContents();
        assert(notBest.every((r) => /more games? in 100/.test(r)), `a reason of a weaker play does not say what the better one gains: ${notBest.join(' | ')}`);
        // Verdicts differ in mark and in colour, not colour alone.
        const looks = await a.page.locator('.decisions > li .decision-head .verdict').evaluateAll((bs) => bs.map((b) => ({
          word: b.textContent, colour: getComputedStyle(b).backgroundColor, mark: b.querySelector('svg.verdict-icon').innerHTML,
        })));
        const byWord = new Map(looks.map((l) => [l.word, l]));
        const kinds = [...byWord.values()];
        assert(kinds.every((k) => /<path/.test(k.mark)), `a verdict without its mark: ${JSON.stringify(kinds.map((k) => [k.word, k.mark.slice(0, 40)]))}`);
        assert(new Set(kinds.map((k) => k.colour)).size === kinds.length && new Set(kinds.map((k) => k.mark)).size === kinds.length,
          `verdicts that look alike: ${JSON.stringify(kinds.map((k) => [k.word, k.colour]))}`);
        ctx.note(`review: ${n} decisions reviewed in ${took} ms (${summary}); verdicts seen: ${[...byWord.keys()].join(', ')}`);
        await shot(a.page, 'review-desktop');
        await audit(a.page, 'the review of your plays');
        // Its Settings set the bots' speed too, as every other screen's
        // with bots (issue 39: it was missing here), for the next game.
        await openSettings(a.page);
        const speed = a.page.getByLabel('Bot speed', { exact: true });
        assert(await speed.count() === 1, 'the Settings opened from the review have no Bot speed');
        assert(await speed.inputValue() === 'instant', `the review's Settings show the speed ${await speed.inputValue()}, not the game's`);
        await speed.selectOption('fast');
        await closeSettings(a.page);
        await openSettings(a.page);
        assert(await speed.inputValue() === 'fast', 'the speed chosen in the review was not kept');
        await speed.selectOption('instant');
        await closeSettings(a.page);

        // "Open in the replay" lands on the decision reviewed: the table
        // just before that move (issue 39: it landed just after), with the
        // total the play met; Next shows the total it made. Close comes
        // back to the review, on it.
        const pick = Math.min(n - 1, Math.max(0, (await a.page.locator('.decisions > li').evaluateAll((ls) => ls.findIndex((l) => !l.classList.contains('v-best'))))));
        const item = a.page.locator('.decisions > li').nth(pick);
        const move = /Move (\d+) of (\d+)/.exec(await item.locator('h3 .move').textContent());
        const met = /total (−?\d+)/.exec(await item.locator('h3').textContent())[1];
        const made = (await item.locator('.review-options tr.mine td').first().textContent()).trim();
        await item.getByRole('button', { name: 'Open in the replay' }).click();
        await a.page.getByRole('heading', { name: 'Replay of the match' }).waitFor();
        assert(await moveLine(a.page) === `Move ${move[1] - 1} of ${move[2]}`, `the replay opened at "${await moveLine(a.page)}", not at the decision before move ${move[1]} of ${move[2]}`);
        assert(await viewerTotal(a.page) === met, `the replay shows the total ${await viewerTotal(a.page)}, the review says the play met ${met}`);
        await a.page.getByRole('button', { name: 'Next', exact: true }).click();
        assert(await moveLine(a.page) === `Move ${move[1]} of ${move[2]}`, 'Next did not step to the move made');
        assert(await viewerTotal(a.page) === made, `after the move the replay shows the total ${await viewerTotal(a.page)}, the review says your play made ${made}`);
        await a.page.getByRole('button', { name: 'Close' }).click();
        await a.page.getByRole('heading', { name: 'Review of your plays' }).waitFor();
        assert(await a.page.evaluate(() => document.activeElement && document.activeElement.id) === `review-open-${pick}`, 'the focus did not come back to the decision opened');
        ctx.note(`review → replay: decision ${pick + 1} opened at move ${move[1]} of ${move[2]}, total ${made}`);

        // Phones: the review and the replay fit, with the slider and the
        // controls on screen.
        for (const size of [{ width: 390, height: 844 }, { width: 360, height: 640 }]) {
          await a.page.setViewportSize(size);
          await a.page.locator('.decisions > li').first().scrollIntoViewIfNeeded();
          await fits(a.page, `the review at ${size.width} px`);
          await shot(a.page, `review-phone-${size.width}`);
          await item.getByRole('button', { name: 'Open in the replay' }).click();
          await a.page.getByRole('heading', { name: 'Replay of the match' }).waitFor();
          await fits(a.page, `the replay at ${size.width} px`);
          for (const [what, el] of [['slider', a.page.getByRole('slider', { name: 'Position in the match' })],
            ['Previous', a.page.getByRole('button', { name: 'Previous' })], ['Next', a.page.getByRole('button', { name: 'Next', exact: true })],
            ['Play', a.page.getByRole('button', { name: 'Play', exact: true })]]) {
            const box = await el.boundingBox();
            const width = await a.page.evaluate(() => window.innerWidth);
            assert(box && box.x >= 0 && box.x + box.width <= width + 0.5, `the replay's ${what} is cut at ${size.width} px: ${JSON.stringify(box)}`);
          }
          // The opponents' cards, face up in their seats, read whole: a
          // −10 reads "−10", not "−1" (issue 39).
          const cut = await a.page.evaluate(() => [...document.querySelectorAll('.felt .seat .cardface.mini .pip.long')].map((p) => {
            const card = p.closest('.cardface').getBoundingClientRect();
            const r = p.getBoundingClientRect();
            return { text: p.textContent || getComputedStyle(p, '::before').content, cut: r.left < card.left - 0.5 || r.right > card.right + 0.5 };
          }));
          assert(cut.length > 0, `no long pip (−10) in the opponents' seats at ${size.width} px to check`);
          assert(cut.every((c) => !c.cut), `an opponent's card is cut at ${size.width} px: ${JSON.stringify(cut)}`);
          await shot(a.page, `replay-phone-${size.width}`);
          await a.page.getByRole('slider', { name: 'Position in the match' }).fill(move[2]);
          await fits(a.page, `the replay's last move at ${size.width} px`);
          await a.page.getByRole('button', { name: 'Close' }).click();
          await a.page.getByRole('heading', { name: 'Review of your plays' }).waitFor();
        }
        // In French: headings and reasons in French, with its spacing.
        await setLanguage(a.page, 'Language', 'fr');
        await a.page.getByRole('heading', { name: 'Analyse de vos coups' }).waitFor();
        const frHeads = await a.page.locator('.decisions > li').first().locator('.review-options thead th').allTextContents();
        assert(frHeads.includes('Chances de gagner'), `French column headings: ${frHeads}`);
        const frReason = await a.page.locator('.decisions > li .reason').first().textContent();
        assert(!/ [%:;!?]/.test(frReason), `French reason without its narrow no-break spaces: ${frReason}`);
        const frHand = await a.page.locator('.decisions > li').first().locator('p').first().textContent();
        assert(frHand.startsWith('Votre main\u202f: '), `French hand line: ${frHand}`);
        await fits(a.page, 'the review in French at 360 px');
        await shot(a.page, 'review-phone-360-fr');
        await setLanguage(a.page, 'Langue', 'en');
        await a.page.setViewportSize(DESKTOP);

        // Cancel: a review stopped at once says so.
        await a.page.getByRole('button', { name: 'Close' }).click();
        await a.page.getByRole('button', { name: 'Review my plays' }).first().click();
        // A review of 17 decisions takes far longer than a click.
        await a.page.getByRole('button', { name: 'Cancel' }).click({ timeout: 5000 });
        await a.page.getByText('Review stopped.').waitFor();
        assert(await a.page.locator('.review progress').count() === 0, 'the progress bar stayed after Cancel');
        await assertClean(a.page, a.problems);
      } finally {
        await a.context.close();
      }
    },
  },
];

export const workerScenarios = [
  {
    name: 'search worker: at Normal speed Hard bots decide in the worker; when the worker cannot start, the page decides as before',
    run: async (ctx) => {
      for (const blocked of [false, true]) {
        const a = await openPage(ctx.browser, ctx.server, { viewport: DESKTOP });
        try {
          const workers = [];
          a.page.on('worker', (w) => workers.push(w.url()));
          if (blocked) {
            // No service worker either: it caches the search worker's files
            // and would serve them past the block, now and then.
            await a.page.addInitScript(() => { delete Navigator.prototype.serviceWorker; });
            await a.page.route('**/ono99-worker*', (r) => r.abort());
          }
          // The worker starts after the first screen: its start (or, blocked,
          // the refused request for it) is awaited before the game starts.
          const started = blocked
            ? a.page.waitForEvent('requestfailed', { predicate: (r) => /ono99-worker/.test(r.url()), timeout: 15000 })
            : a.page.waitForEvent('worker', { predicate: (w) => /ono99-worker/.test(w.url()), timeout: 15000 })
              .then(async (w) => {
                // Keep the tag byte of each answer (after the layout's
                // version and the id, src/bots/jobs/wire.rs): a worker that
                // only refused would go unseen, the page deciding instead.
                await w.evaluate(() => {
                  self.answerTags = [];
                  const post = self.postMessage.bind(self);
                  self.postMessage = (m) => {
                    if (m instanceof Uint8Array) self.answerTags.push(m[5]);
                    post(m);
                  };
                });
                return w;
              });
          await load(a.page, ctx.server);
          await choose(a.page, 'Number of players', '3');
          for (const seat of [2, 3]) await a.page.locator(`#seat-level-${seat}`).selectOption('hard');
          await setSpeed(a.page, 'fast');
          // (No service worker yet: it is registered once a game is on the
          // table, after the search worker has started.)
          const worker = await started;
          await a.page.getByRole('button', { name: 'Start game' }).click();
          // Play until the bots have answered a few times.
          let plays = 0;
          const t0 = Date.now();
          for (let i = 0; i < 400 && plays < 4; i++) {
            if (await over(a.page)()) break;
            await a.page.waitForFunction(
              () => document.querySelector('[role="dialog"]') || document.querySelector('.hand button.card-btn.playable') || document.querySelector('.me.is-out'),
              null, { timeout: 60000, polling: 50 },
            );
            const card = a.page.locator('.hand button.card-btn.playable').first();
            if (!(await card.count())) break;
            await settled(a.page);
            const ply = Number(await a.page.locator('.total[aria-label]').getAttribute('data-ply'));
            await card.click();
            await a.page.waitForFunction((n) => Number(document.querySelector('.total[aria-label]').getAttribute('data-ply')) > n, ply, { timeout: 10000 });
            plays++;
          }
          const botLines = (await a.page.locator('.log li li').allTextContents()).filter((l) => /^(Ana|Ben) /.test(l)).length;
          assert(botLines >= 2, `the bots did not play (${blocked ? 'worker blocked' : 'worker'}): ${botLines} lines`);
          if (blocked) {
            ctx.note(`search worker blocked: the page decided, ${botLines} bot plays in ${Date.now() - t0} ms`);
          } else {
            assert(workers.some((u) => /ono99-worker/.test(u)), `no search worker started: ${workers}`);
            const tags = await worker.evaluate(() => self.answerTags);
            const ACTION = 0;
            assert(tags.length >= 2 && tags.every((t) => t === ACTION), `the worker did not answer with actions: tags ${tags}`);
            ctx.note(`search worker: ${botLines} bot plays decided in the worker in ${Date.now() - t0} ms`);
          }
          // A blocked worker is an aborted request the page expects: only
          // the other problems count.
          if (!blocked) await assertClean(a.page, a.problems);
        } finally {
          await a.context.close();
        }
      }
    },
  },
];
