// Nothing off screen, nothing covered, nothing said twice or too soon: the
// match result with players who left (every size, every language), your
// hand and the total while you owe two plays, one call-out line at a time,
// your exit said once, a mis-tapped card taken back, and where keyboard
// focus goes when a game starts and after a play.
import {
  assert, choose, load, openPage, assertClean, setLanguage, setSpeed, settled, shot, withPage, DECORATIVE,
} from './lib.mjs';
import { SIZES, startGame } from './table.mjs';

/** The language's labels this file needs (the result's buttons and the setup's). */
const WORDS = {
  en: { start: 'Start game', again: 'Play again', players: 'Number of players', classic: 'Classic (1980)', tokens: 'Tokens per player', lang: 'Language', skip: 'Skip to the result', name: 'Your name' },
  es: { start: 'Empezar partida', again: 'Jugar otra vez', players: 'Número de jugadores', classic: 'Clásica (1980)', tokens: 'Fichas por jugador', lang: 'Idioma', skip: 'Saltar al resultado', name: 'Tu nombre' },
  pt: { start: 'Começar o jogo', again: 'Jogar de novo', players: 'Número de jogadores', classic: 'Clássica (1980)', tokens: 'Fichas por jogador', lang: 'Idioma', skip: 'Pular para o resultado', name: 'Seu nome' },
  fr: { start: 'Commencer la partie', again: 'Rejouer', players: 'Nombre de joueurs', classic: 'Classique (1980)', tokens: 'Jetons par joueur', lang: 'Langue', skip: 'Passer au résultat', name: 'Votre nom' },
};

/** Boxes that leave the viewport or their own box, on the page now. */
function overflowReport(selectors) {
  const out = [];
  const vw = document.documentElement.clientWidth;
  const vh = innerHeight;
  for (const sel of selectors) {
    for (const el of document.querySelectorAll(sel)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      // Whatever scrolls inside the dialog (the standings) must fit across;
      // the dialog and its buttons must fit both ways.
      const across = r.left < -1 || r.right > vw + 1;
      const down = (el.matches('[role="dialog"], button')) && (r.top < -1 || r.bottom > vh + 1);
      if (across || down) out.push(`${sel} leaves the screen (${Math.round(r.left)}..${Math.round(r.right)} × ${Math.round(r.top)}..${Math.round(r.bottom)}, viewport ${vw}×${vh})`);
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') out.push(`${sel} is wider than itself (${el.scrollWidth} > ${el.clientWidth}): "${el.textContent.slice(0, 40)}"`);
    }
  }
  return out;
}

/** Marks and names cut inside their seat, or spilling out of it. */
function seatReport() {
  const out = [];
  for (const m of document.querySelectorAll('.felt .mark, .felt .name')) {
    if (m.scrollWidth > m.clientWidth + 1) out.push(`"${m.textContent}" is cut (${m.scrollWidth} > ${m.clientWidth})`);
    const seat = m.closest('.seat, .me');
    if (!seat) continue;
    const a = m.getBoundingClientRect();
    const b = seat.getBoundingClientRect();
    if (a.left < b.left - 1 || a.right > b.right + 1) out.push(`"${m.textContent}" spills out of its seat`);
  }
  return out;
}

/** An 8-player classic match with one token each, played by the first
 *  playable card at instant speed to its result (skipped once you are out). */
async function playEightToTheResult(page, w) {
  for (let step = 0; step < 4000; step++) {
    await page.waitForFunction(
      () => document.querySelector('[role="dialog"]') || document.querySelector('.hand button.card-btn.playable')
        || document.querySelector('.hand button.four-ono') || document.querySelector('.hand-actions button'),
      null, { timeout: 120000, polling: 30 },
    );
    if (await page.getByRole('button', { name: w.again, exact: true }).count()) return;
    const dialogButton = page.locator('[role="dialog"] .dialog-buttons .btn.primary');
    if (await dialogButton.count()) {
      // A hand's summary fits as the result must.
      const bad = await page.evaluate(overflowReport, ['[role="dialog"]', '[role="dialog"] button']);
      assert(bad.length === 0, `a hand's summary does not fit:\n  ${bad.join('\n  ')}`);
      // (The hand that puts you out offers two equal ways on: watch.)
      await dialogButton.first().click();
      continue;
    }
    // No seat covers the total or a pile while the hand is played.
    const covered = await page.evaluate(() => {
      const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
      const centre = [...document.querySelectorAll('.total, .pile')].map((e) => e.getBoundingClientRect());
      return [...document.querySelectorAll('.felt .seat')].filter((s) => centre.some((c) => hit(s.getBoundingClientRect(), c)))
        .map((s) => s.textContent.slice(0, 30));
    });
    assert(covered.length === 0, `a seat covers the total or a pile: ${covered.join('; ')}`);
    // "Skip to the result" goes away when the bots end the match first:
    // a click that finds it gone is no failure (the loop sees the result).
    const skip = page.getByRole('button', { name: w.skip });
    if (await skip.count()) {
      await skip.click({ timeout: 5000 }).catch(async (e) => {
        if (await skip.count()) throw e;
      });
      continue;
    }
    const card = page.locator('.hand button.card-btn.playable').first();
    if (await card.count()) { await card.click(); continue; }
    const four = page.locator('.hand button.four-ono');
    if (await four.count()) await four.click();
  }
  throw new Error('the match did not end');
}

export const fitScenarios = [
  ...[['small-phone', 'fr'], ['small-phone', 'es'], ['small-phone', 'pt'], ['phone', 'en'], ['tablet', 'en'], ['desktop', 'fr'], ['laptop', 'en']].map(([size, lang]) => ({
    name: `the match result fits (${size}, ${lang}): 8 players, six who left the match, a long name; the seats' marks stay in their seats (seed 114)`,
    // (The laptop, 1024×768, beside the log: issue 39's seat over the pile.)
    run: (ctx) => withPage(ctx, { viewport: [...SIZES, ['laptop', { width: 1024, height: 768 }]].find(([s]) => s === size)[1] }, async (page) => {
      await page.goto(`${ctx.server.url}?seed=114`, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
      await setSpeed(page, 'instant');
      if (lang !== 'en') await setLanguage(page, 'Language', lang);
      const w = WORDS[lang];
      await page.getByLabel(w.name, { exact: true }).fill('Maximiliana Fernández-Oliveira');
      await choose(page, w.players, '8');
      await page.getByLabel(w.classic).check();
      await choose(page, w.tokens, '1');
      await page.getByRole('button', { name: w.start }).click();
      await page.getByRole('region').first().waitFor();
      await playEightToTheResult(page, w);
      // Measured at rest: a card still flying in from a seat at the edge
      // (instant bots end the match within its 0.3 s) widens the page for
      // a moment, which is not the layout.
      await page.evaluate((skip) => Promise.all(document.getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime) && !skip.includes(a.animationName))
        .map((a) => a.finished.catch(() => {}))), DECORATIVE);
      await shot(page, `fit-${size}-${lang}-result`);
      const gone = await page.locator('.standings tr.gone').count();
      assert(gone >= 6, `only ${gone} players left the match: nothing to check`);
      const bad = await page.evaluate(overflowReport, ['[role="dialog"]', '.standings', '[role="dialog"] button']);
      assert(bad.length === 0, `${size}, ${lang}: the result does not fit:\n  ${bad.join('\n  ')}`);
      const wide = await page.evaluate(() => ({
        by: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        what: [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .slice(0, 4).map((e) => `${e.tagName}.${e.className} "${e.textContent.slice(0, 30)}"`),
      }));
      assert(wide.by <= 0, `${size}, ${lang}: the page is ${wide.by}px wider than the screen under the result: ${wide.what.join('; ')}`);
      // The final table behind it: every mark inside its seat.
      await page.locator('[role="dialog"] .dialog-buttons .btn.ghost').click();
      await settled(page);
      await shot(page, `fit-${size}-${lang}-final-table`);
      const seats = await page.evaluate(seatReport);
      assert(seats.length === 0, `${size}, ${lang}: the final table:\n  ${seats.join('\n  ')}`);
    }),
  })),
  {
    // Seed 12 (4 players, modern, you play the first playable card): a
    // Play 2 lands on you after 9 actions (tests/play.rs checks it).
    name: 'you owe two plays: the banner, one call-out line, your whole hand and the total in view at every size (seed 12)',
    run: async (ctx) => {
      for (const [size, viewport] of SIZES) {
        const { context, page, problems } = await openPage(ctx.browser, ctx.server, { viewport });
        try {
          await startGame(page, ctx.server, { players: '4', seed: 12 });
          for (let turn = 0; turn < 40; turn++) {
            await page.locator('.hand .prompt.urgent, .hand button.card-btn.playable, [role="dialog"]').first().waitFor({ timeout: 30000 });
            if (await page.locator('.hand .prompt.urgent').count()) break;
            assert(!(await page.locator('[role="dialog"]').count()), 'seed 12: the match ended before a Play 2 reached you; find a new seed');
            await settled(page);
            await page.locator('.hand button.card-btn.playable').first().click();
          }
          await page.locator('.hand .prompt.urgent').waitFor({ timeout: 5000 });
          await settled(page);
          const v = await page.evaluate(() => {
            const inView = (el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; };
            const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
            const total = document.querySelector('.total');
            const cards = [...document.querySelectorAll('.hand .card-btn')];
            const seats = [...document.querySelectorAll('.felt .seat')];
            const lines = [...document.querySelectorAll('.callout p')].filter((p) => p.getBoundingClientRect().height > 2 && getComputedStyle(p).position !== 'absolute' && !p.classList.contains('sr-only'));
            return {
              total: inView(total), cards: cards.length, cardsInView: cards.filter(inView).length,
              banner: inView(document.querySelector('.hand .prompt.urgent')),
              covered: seats.filter((s) => hit(s.getBoundingClientRect(), total.getBoundingClientRect())).length,
              lines: lines.length, scrollY,
            };
          });
          await shot(page, `fit-${size}-owe-two`);
          assert(v.total && v.banner && v.cards > 0 && v.cardsInView === v.cards, `${size}: owing two plays, not all in view: ${JSON.stringify(v)}`);
          assert(v.covered === 0, `${size}: a seat covers the total: ${JSON.stringify(v)}`);
          assert(v.lines <= 1, `${size}: ${v.lines} call-out lines show at once`);
          await assertClean(page, problems);
        } finally {
          await context.close();
        }
      }
    },
  },
  {
    // Seed 19: you play first, from 7 7 9 7. The page keeps the played 7's
    // element for the next 7, so focus left on it would play that one.
    name: 'keyboard: Enter on Quick play lands in your hand; after a play focus rests on the hand, not on the card that takes its place (seed 19)',
    run: (ctx) => withPage(ctx, { viewport: SIZES[0][1] }, async (page) => {
      await page.goto(`${ctx.server.url}?seed=19`, { waitUntil: 'load' });
      await page.getByRole('button', { name: /^Quick play/ }).waitFor({ timeout: 15000 });
      await setSpeed(page, 'instant');
      await page.getByRole('button', { name: /^Quick play/ }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('img', { name: /^Total / }).waitFor();
      await page.waitForFunction(() => document.activeElement && document.activeElement.matches('.hand ul.cards'), null, { timeout: 5000 })
        .catch(async () => { throw new Error(`after Quick play the focus is on ${await page.evaluate(() => document.activeElement.outerHTML.slice(0, 80))}`); });
      // The special cards, reminded at the table: the panel opens in view,
      // hides neither the total nor the hand (issue 39: it covered both),
      // and closes by its Close button, by Escape and by a press outside
      // it, the game untouched.
      const specials = page.getByRole('button', { name: 'Special cards', exact: true });
      await specials.click();
      const panel = page.locator('.specials .deck');
      await panel.waitFor();
      const box = await page.locator('#specials-panel').boundingBox();
      assert(box && box.y >= 0 && box.y + box.height <= 800 && box.x >= 0 && box.x + box.width <= 1280, `the special cards' reminder is off screen: ${JSON.stringify(box)}`);
      const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      for (const [what, sel] of [['the total', '.total[data-ply]'], ['the hand', '.hand ul.cards']]) {
        const other = await page.locator(sel).boundingBox();
        assert(!overlaps(box, other), `the special cards cover ${what}: ${JSON.stringify(box)} over ${JSON.stringify(other)}`);
      }
      const said = await panel.textContent();
      for (const c of ['Reverse', 'Play 2', '\u221210', 'ONO 99']) assert(said.includes(c), `the reminder does not name ${c}`);
      // A small −10 reads "−10", as in the hand, not an arrow.
      const minus = await panel.locator('.cardface.mini.k-minus').evaluate((c) => ({
        text: getComputedStyle(c.querySelector('.pip.long')).display !== 'none',
        arrow: getComputedStyle(c.querySelector('.middle .sym')).display !== 'none',
      }));
      assert(minus.text && !minus.arrow, `a small −10 shows ${JSON.stringify(minus)}`);
      await shot(page, 'fit-desktop-special-cards');
      await page.getByRole('dialog', { name: 'Special cards' }).getByRole('button', { name: 'Close' }).click();
      await panel.waitFor({ state: 'detached' });
      await specials.click();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      await specials.click();
      await page.locator('.total[data-ply]').click();
      await panel.waitFor({ state: 'detached' });
      // On phones too.
      for (const [w, h] of [[390, 844], [360, 640]]) {
        await page.setViewportSize({ width: w, height: h });
        await specials.scrollIntoViewIfNeeded();
        await specials.click();
        await panel.waitFor();
        const small = await page.locator('#specials-panel').boundingBox();
        assert(small.y >= 0 && small.y + small.height <= h && small.x >= 0 && small.x + small.width <= w, `${w}×${h}: the special cards are off screen: ${JSON.stringify(small)}`);
        for (const [what, sel] of [['the total', '.total[data-ply]'], ['the hand', '.hand ul.cards']]) {
          const other = await page.locator(sel).boundingBox();
          assert(!overlaps(small, other), `${w}×${h}: the special cards cover ${what}: ${JSON.stringify(small)} over ${JSON.stringify(other)}`);
        }
        await shot(page, `fit-${w}-special-cards`);
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'detached' });
      }
      await page.setViewportSize(SIZES[0][1]);
      await page.locator('.hand ul.cards').focus();
      // The arrows go on to the cards from there.
      await page.locator('.hand button.card-btn.playable').first().waitFor({ timeout: 30000 });
      await settled(page);
      await page.keyboard.press('ArrowRight');
      const on = await page.evaluate(() => document.activeElement.className);
      assert(/card-btn/.test(on), `ArrowRight from the hand went to "${on}"`);
      // Tab to a playable card, play it with Enter.
      const playable = await page.evaluate(() => [...document.querySelectorAll('.hand .card-btn')].findIndex((b) => b.classList.contains('playable')));
      for (let i = 0; i < playable; i++) await page.keyboard.press('ArrowRight');
      const twin = await page.evaluate(() => {
        const codes = [...document.querySelectorAll('.hand .card-btn')].map((b) => b.dataset.card);
        return codes.filter((c) => c === document.activeElement.dataset.card).length;
      });
      assert(twin > 1, `seed 19 no longer deals a second copy of the card played (${twin})`);
      const before = Number(await page.locator('.total[aria-label]').getAttribute('data-ply'));
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => Number(document.querySelector('.total[aria-label]').getAttribute('data-ply')) > n, before, { timeout: 10000 });
      await page.waitForFunction(() => document.activeElement && document.activeElement !== document.body, null, { timeout: 5000 }).catch(() => {});
      const after = await page.evaluate(() => ({ tag: document.activeElement.tagName, cls: document.activeElement.className }));
      assert(after.tag !== 'BUTTON', `after the play, focus is on a ${after.tag}.${after.cls}: a second Enter would play it`);
      assert(/cards/.test(after.cls), `after the play, focus is on ${after.tag}.${after.cls}, not the hand`);
    }),
  },
  {
    // Seed 277 at Normal speed (tests/play.rs): your first turn comes at once.
    name: 'a mis-tap forgiven: a picked card is held with Undo, Undo keeps it, a second tap plays it at once (Normal speed, seed 277)',
    run: (ctx) => withPage(ctx, { viewport: SIZES[2][1], hasTouch: true }, async (page) => {
      await startGame(page, ctx.server, { players: '4', seed: 277, speed: 'normal' });
      const card = page.locator('.hand button.card-btn.playable').first();
      await card.waitFor({ timeout: 30000 });
      await settled(page);
      const ply = () => page.locator('.total[aria-label]').getAttribute('data-ply').then(Number);
      const hand = () => page.locator('.hand .card-btn').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')));
      const before = { ply: await ply(), hand: await hand() };
      const name = await card.getAttribute('aria-label');
      await card.tap();
      await page.getByRole('button', { name: 'Undo', exact: true }).waitFor({ timeout: 2000 });
      assert(await page.locator('.slot.held').count() === 1, 'the picked card is not held up');
      // Held up 18 px, above the 8 px of a card under the pointer, with
      // the pointer (a mouse, or a tap's lasting hover) still on it.
      const held = await page.locator('.slot.held > .card-btn').boundingBox();
      await page.mouse.move(held.x + held.width / 2, held.y + held.height / 2);
      const lift = () => page.evaluate(() => {
        const b = document.querySelector('.slot.held > .card-btn');
        return b ? Math.round(b.parentElement.getBoundingClientRect().top - b.getBoundingClientRect().top) : null;
      });
      await page.waitForFunction(() => {
        const b = document.querySelector('.slot.held > .card-btn');
        return b && Math.abs(b.parentElement.getBoundingClientRect().top - b.getBoundingClientRect().top - 18) < 1;
      }, null, { timeout: 1500, polling: 50 }).catch(async () => { throw new Error(`the held card under the pointer stands ${await lift()} px up, not 18`); });
      await shot(page, 'fit-phone-held-card');
      assert(await ply() === before.ply, 'the held card was played before its hold ended');
      await page.getByRole('button', { name: 'Undo', exact: true }).tap();
      await page.locator('.slot.held').waitFor({ state: 'detached', timeout: 2000 });
      assert(await ply() === before.ply, 'Undo did not keep the card');
      assert(JSON.stringify(await hand()) === JSON.stringify(before.hand), 'Undo changed the hand');
      // Picked again, then tapped again: played at once.
      const again = page.getByRole('button', { name, exact: true }).first();
      await again.tap();
      await page.locator('.slot.held').waitFor({ timeout: 2000 });
      const t0 = Date.now();
      await again.tap();
      await page.waitForFunction((n) => Number(document.querySelector('.total[aria-label]').getAttribute('data-ply')) > n, before.ply, { timeout: 5000 });
      ctx.note(`a second tap played the held card ${Date.now() - t0} ms after it (the hold is 2 s at Normal speed)`);
      assert(await page.getByRole('button', { name: 'Undo', exact: true }).count() === 0, 'Undo stayed after the play');
    }),
  },
  {
    // Seed 277 at Normal speed: bots' plays counted over several turns.
    name: 'text never runs ahead of the picture: a line about a play, the tip and the prompt show only when the total reads what they say (Normal speed, hints on, seed 277)',
    light: true,
    run: (ctx) => withPage(ctx, { viewport: SIZES[0][1] }, async (page) => {
      await page.goto(`${ctx.server.url}?seed=277`, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
      await choose(page, 'Number of players', '4');
      await setSpeed(page, 'normal');
      const { openSettings, closeSettings } = await import('./lib.mjs');
      await openSettings(page);
      const hints = page.getByLabel(/hints/i).first();
      if (!(await hints.isChecked())) await hints.check();
      await closeSettings(page);
      await page.getByRole('button', { name: 'Start game' }).click();
      // Every frame: what the total reads, and each line, tip or prompt
      // that can be seen.
      await page.evaluate(() => {
        const seen = { frames: 0, checked: 0, ahead: [] };
        window.aheadSeen = seen;
        const shows = (el) => {
          if (!el) return false;
          const cs = getComputedStyle(el);
          return Number(cs.opacity) > 0.5 && cs.visibility !== 'hidden' && !/opacity\(0\)/.test(cs.filter) && el.getBoundingClientRect().height > 0;
        };
        const frame = () => {
          seen.frames++;
          const roll = document.querySelector('.total-roll.counting');
          const value = document.querySelector('.total-value');
          const reads = (roll && roll.textContent) || (value && value.textContent);
          const counting = !!roll;
          for (const p of document.querySelectorAll('.callout p:not(.sr-only)')) {
            const m = /total (-?\d+)/.exec(p.textContent.replace('\u2212', '-'));
            if (!m || !shows(p)) continue;
            seen.checked++;
            if (m[1] !== String(reads).replace('\u2212', '-')) seen.ahead.push(`"${p.textContent}" while the total reads ${reads}`);
          }
          // "New" and the coach's star never cover each other.
          for (const slot of document.querySelectorAll('.slot')) {
            const n = slot.querySelector('.new-mark');
            const s = slot.querySelector('.pick-mark');
            if (!n || !s) continue;
            const a = n.getBoundingClientRect();
            const b = s.getBoundingClientRect();
            if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) seen.ahead.push('"New" is covered by the coach\'s star');
          }
          for (const el of document.querySelectorAll('.hand .tip, .hand .prompt, .slot .makes')) {
            if (counting && shows(el)) seen.ahead.push(`"${el.textContent}" while the total still counts (${reads})`);
          }
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      // Play a few turns by the first playable card (each held, then tapped
      // again to go at once).
      for (let turn = 0; turn < 4; turn++) {
        const card = page.locator('.hand button.card-btn.playable').first();
        await card.waitFor({ timeout: 30000 });
        await card.click();
        await card.click();
        await page.waitForFunction(() => !document.querySelector('.hand button.card-btn.playable'), null, { timeout: 10000 });
      }
      const seen = await page.evaluate(() => window.aheadSeen);
      assert(seen.checked > 20, `only ${seen.checked} line-frames checked over ${seen.frames} frames`);
      assert(seen.ahead.length === 0, `text ran ahead of the total:\n  ${[...new Set(seen.ahead)].slice(0, 6).join('\n  ')}`);
      ctx.note(`text and picture: ${seen.checked} frames of call-out lines checked against the total, none ahead`);
    }),
  },
  ...[['no-preference', true], ['reduce', false]].map(([reducedMotion, buzzes]) => ({
    name: `a phone vibrates on your turn ${buzzes ? '' : 'except '}with motion ${reducedMotion} (seed 277)`,
    light: true,
    run: (ctx) => withPage(ctx, { viewport: SIZES[2][1], hasTouch: true, reducedMotion }, async (page) => {
      // What the page asks of the device's vibrator, recorded.
      await page.addInitScript(() => {
        window.buzzes = [];
        Object.defineProperty(Navigator.prototype, 'vibrate', { configurable: true, value: (p) => { window.buzzes.push(p); return true; } });
      });
      await startGame(page, ctx.server, { players: '4', seed: 277, speed: 'fast' });
      for (let turn = 0; turn < 2; turn++) {
        const card = page.locator('.hand button.card-btn.playable').first();
        await card.waitFor({ timeout: 30000 });
        await card.tap();
        await card.tap();
        await page.waitForFunction(() => !document.querySelector('.hand button.card-btn.playable'), null, { timeout: 10000 });
      }
      await page.locator('.hand button.card-btn.playable').first().waitFor({ timeout: 30000 });
      const buzzed = await page.evaluate(() => window.buzzes);
      if (buzzes) assert(buzzed.length >= 2, `your turns came with ${buzzed.length} vibrations (${JSON.stringify(buzzed)})`);
      else assert(buzzed.length === 0, `with reduced motion the phone vibrated: ${JSON.stringify(buzzed)}`);
    }),
  })),
];
