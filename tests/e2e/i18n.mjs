// Languages, sound, reduced motion and hints, end to end.
import {
  assert, closeSettings, openSettings, setLanguage, shot, waitForDecision, withPage,
} from './lib.mjs';

// Words that only English texts use: after switching language, none may be
// left on the page (player names and the language selector aside).
const ENGLISH_ONLY = /\b(the|your|you|and|with|players?|cards?|hand|draw|start|rules|game|turn|reverse|play|new|back|sound|hints|language|settings)\b/i;

const LANGS = {
  es: { start: 'Empezar partida', rules: 'Cómo se juega', back: 'Volver', label: 'Idioma', hand: 'Tu mano' },
  fr: { start: 'Commencer la partie', rules: 'Comment jouer', back: 'Retour', label: 'Langue', hand: 'Votre main' },
  pt: { start: 'Começar o jogo', rules: 'Como jogar', back: 'Voltar', label: 'Idioma', hand: 'Sua mão' },
};


/** The page's visible text, without the language selector's options and
 *  the players' names. */
async function visibleText(page) {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true);
    body.querySelectorAll('select, .name, .sr-only').forEach((e) => e.remove());
    // Keep screen-reader-only text too: it must be translated as well.
    const sr = [...document.querySelectorAll('.sr-only')].map((e) => e.textContent).join(' ');
    const labels = [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join(' ');
    return `${body.innerText} ${sr} ${labels}`.replace(/\b(Ana|Ben|Cleo|Dev|Eli|Fay|Gus)\b/g, '');
  });
}

async function noEnglish(page, where) {
  const text = await visibleText(page);
  const m = text.match(ENGLISH_ONLY);
  if (m) {
    const at = text.indexOf(m[0]);
    throw new Error(`${where}: English word "${m[0]}" left in: …${text.slice(Math.max(0, at - 60), at + 60)}…`);
  }
}

export const i18nScenarios = [
  {
    name: 'language: follows the browser on first visit, switches at any time, is remembered',
    run: (ctx) => withPage(ctx, {}, async (page) => {
      // A French browser (the language is read from navigator.language).
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'language', { get: () => 'fr-FR' });
        Object.defineProperty(navigator, 'languages', { get: () => ['fr-FR', 'fr'] });
      });
      await page.goto(ctx.server.url, { waitUntil: 'load' });
      await page.getByRole('button', { name: LANGS.fr.start }).waitFor({ timeout: 15000 });
      assert(await page.getAttribute('html', 'lang') === 'fr', 'html lang is not fr');
      await setLanguage(page, 'Langue', 'es');
      await page.getByRole('button', { name: LANGS.es.start }).waitFor();
      assert(await page.getAttribute('html', 'lang') === 'es', 'html lang is not es');
      await page.reload({ waitUntil: 'load' });
      await page.getByRole('button', { name: LANGS.es.start }).waitFor({ timeout: 15000 });
      await setLanguage(page, 'Idioma', 'en');
      await page.getByRole('button', { name: 'Start game' }).waitFor();
    }),
  },
  {
    // Each language's game is dealt from seed 7 (4 players, modern): it
    // is your turn, with cards to play, once the bots before you have
    // played, and nothing moves until you do. With random deals you were
    // now and then out before your first turn, and the result's dialog
    // covered the header.
    name: 'language: every screen in Spanish, French and Portuguese has no English left',
    long: true,
    run: (ctx) => withPage(ctx, {}, async (page) => {
      await page.goto(`${ctx.server.url}?seed=7`, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
      let label = 'Language';
      for (const [code, t] of Object.entries(LANGS)) {
        await setLanguage(page, label, code);
        label = t.label;
        await page.getByRole('button', { name: t.start }).waitFor();
        await noEnglish(page, `${code} setup`);
        // Classic edition and the tokens format show more option texts.
        await page.locator('#edition-classic').check();
        await noEnglish(page, `${code} setup (classic)`);
        await page.locator('#edition-modern').check();
        await page.getByRole('button', { name: t.rules }).click();
        await page.getByRole('button', { name: t.back }).first().waitFor();
        await noEnglish(page, `${code} rules`);
        if (code === 'fr') await shot(page, 'i18n-rules-fr');
        await page.getByRole('button', { name: t.back }).first().click();
        await page.getByRole('button', { name: t.start }).click();
        await page.getByRole('heading', { name: t.hand }).waitFor();
        await waitForDecision(page);
        await noEnglish(page, `${code} table`);
        await shot(page, `i18n-table-${code}`);
        // On a 360px phone the top bar fits on one line in every language.
        await page.setViewportSize({ width: 360, height: 640 });
        const bar = await page.evaluate(() => {
          const top = document.querySelector('.topbar');
          const tall = [...top.querySelectorAll('.btn, select')].map((b) => b.getBoundingClientRect().height);
          return { overflow: top.scrollWidth - top.clientWidth, tallest: Math.max(...tall) };
        });
        assert(bar.overflow <= 0 && bar.tallest <= 40, `${code} top bar at 360px: ${JSON.stringify(bar)}`);
        await shot(page, `i18n-phone-${code}`);
        await page.setViewportSize({ width: 1280, height: 800 });
        // The same table switched to English reads English.
        await setLanguage(page, t.label, 'en');
        await page.getByRole('heading', { name: 'Your hand' }).waitFor();
        await setLanguage(page, 'Language', code);
        await page.getByRole('heading', { name: t.hand }).waitFor();
        // Back to the setup for the next language: the game's own last
        // button (New game, before Settings), then Leave.
        assert(await page.locator('[role="dialog"]').count() === 0, `${code}: a dialog is open at your first turn`);
        await page.locator('.topbar-actions > .btn').last().click();
        await page.locator('.dialog .btn').nth(1).click();
        await page.getByRole('button', { name: t.start }).waitFor();
        // The next game is dealt from the seed again (the page takes it once).
        await page.reload({ waitUntil: 'load' });
        await page.getByRole('button', { name: t.start }).waitFor({ timeout: 15000 });
      }
    }),
  },
  {
    name: 'settings: mute, reduced motion and hints are saved; hints describe playable cards',
    run: (ctx) => withPage(ctx, {}, async (page) => {
      await page.goto(`${ctx.server.url}?seed=7`, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
      await openSettings(page);
      const volume = page.getByLabel('Volume', { exact: true });
      const motion = page.getByRole('checkbox', { name: 'Reduce motion' });
      const hints = page.getByRole('checkbox', { name: 'Hints' });
      assert(Number(await volume.inputValue()) > 0, 'sound is off by default');
      assert(!(await hints.isChecked()), 'hints are on by default');
      // Muting: the slider all the way down (Home), as a keyboard player would.
      await volume.focus();
      await page.keyboard.press('Home');
      assert(await volume.inputValue() === '0', `volume after Home: ${await volume.inputValue()}`);
      assert(await volume.getAttribute('aria-valuetext') === 'Muted', 'a muted slider does not say "Muted"');
      await motion.check();
      await hints.check();
      assert(await page.getAttribute('html', 'data-motion') === 'reduce', 'reduced motion not applied');
      const anim = await page.evaluate(() => {
        const b = document.querySelector('.btn');
        return getComputedStyle(b).transitionDuration;
      });
      assert(/^0s/.test(anim), `transitions still run with reduced motion: ${anim}`);
      assert(/volume=0/.test(await page.evaluate(() => localStorage.getItem('ono99.prefs'))), 'volume 0 not saved at once');
      await page.reload({ waitUntil: 'load' });
      await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
      await openSettings(page);
      assert(await volume.inputValue() === '0' && await motion.isChecked() && await hints.isChecked(), 'settings not remembered');
      await volume.focus();
      await page.keyboard.press('End');
      assert(await volume.inputValue() === '100', `volume after End: ${await volume.inputValue()}`);
      await closeSettings(page);
      // An older version's "sound=0" (the on/off switch) reads as volume 0, "sound=1" as sound on.
      for (const [stored, muted] of [['sound=0', true], ['sound=1', false]]) {
        await page.evaluate((line) => localStorage.setItem('ono99.prefs', `lang=en\n${line}\nhints=1\n`), stored);
        await page.reload({ waitUntil: 'load' });
        await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
        await openSettings(page);
        const v = Number(await volume.inputValue());
        assert(muted ? v === 0 : v > 0, `stored ${stored} reads as volume ${v}`);
        await closeSettings(page);
      }
      await page.getByRole('button', { name: 'Start game' }).click();
      // Seed 7 (4 players): your turn comes, with cards to play, once the
      // three bots have played.
      await page.locator('.hand .card-btn.playable').first().waitFor({ timeout: 60000 });
      const card = page.locator('.card-btn.playable').first();
      const name = await card.getAttribute('aria-label');
      assert(/^Play /.test(name), `card name changed: ${name}`);
      const desc = await page.evaluate((el) => {
        const ids = (el.getAttribute('aria-describedby') || '').split(' ');
        return ids.map((id) => document.getElementById(id)?.textContent || '').join(' ');
      }, await card.elementHandle());
      // The total the card makes (shown on the card as "→ 97"); the coach's
      // one tip for the turn above the cards, describing its pick.
      assert(/^New total \u2212?\d+/.test(desc), `no total in the description: "${desc}"`);
      const badge = await card.locator('xpath=..').locator('.makes').textContent();
      assert(desc.includes(badge.replace(/^\u2192\s?/, '')), `the card shows ${badge}, its description says "${desc}"`);
      assert(await page.locator('.hand .tip').count() === 1, 'not one tip for the turn');
      const pickDesc = await page.evaluate(() => {
        const pick = document.querySelector('.card-btn.playable.pick');
        return pick && (pick.getAttribute('aria-describedby') || '').split(' ').map((id) => document.getElementById(id)?.textContent || '').join(' ');
      });
      const tip = await page.locator('.hand .tip').textContent();
      assert(pickDesc === null || pickDesc.includes(tip.replace(/^\u2605/, '')), `the pick is not described by the tip: "${pickDesc}"`);
      assert(!/%/.test(await page.locator('.hand .cards').textContent()), 'percentages beside the cards');
      await shot(page, 'hints-on');
      // With hints on, every card and hint of a four-player table stays in
      // view on a laptop screen: 1280x800 and 1280x720.
      for (const height of [800, 720]) {
        await page.setViewportSize({ width: 1280, height });
        const bottom = await page.evaluate(() => Math.max(
          ...[...document.querySelectorAll('.hand .slot, .hand .makes')].map((s) => s.getBoundingClientRect().bottom)));
        assert(bottom <= height, `with hints on the hand ends at ${bottom}px, below the ${height}px window`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await card.click();
      const audio = await page.evaluate(() => typeof AudioContext);
      assert(audio === 'function', 'no Web Audio in this browser');
    }),
  },
];
