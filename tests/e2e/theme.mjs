// Themes and colours (issue 28): the light theme follows the device and
// the settings' choice from the first paint (before the game's code runs)
// on; Dark chosen in the settings holds over a reload; the light theme
// passes the accessibility audit on the first screen, the table, the
// settings, the result and the review; the colour pairs that carry meaning
// stay apart for colour-blind players (colours.mjs), each with a cue that
// needs no colour; screenshots of both themes at four sizes, and of the
// table and the review as protanopia and deuteranopia see them (Chromium's
// own simulation).

import { writeFileSync } from 'node:fs';
import { assert, audit, assertClean, choose, closeSettings, openPage, openSettings, setSpeed, settled, shot, RESULTS } from './lib.mjs';
import { report, VARS } from './colours.mjs';

const SIZES = [[360, 640], [390, 844], [820, 1180], [1280, 800]];

/** The page's background (html's, which the body's gradient starts
 *  from) and text: their luminance, 0 (black) to 1 (white). */
async function tones(page) {
  return page.evaluate(() => {
    const lum = (css) => {
      const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map((c) => {
        const v = Number(c) / 255;
        return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    return {
      bg: lum(getComputedStyle(document.documentElement).backgroundColor),
      ink: lum(getComputedStyle(document.body).color),
      attr: document.documentElement.getAttribute('data-theme'),
      boot: !!document.getElementById('boot'),
    };
  });
}

/** Holds the first download's wasm until `release()`: the first screen
 *  stays index.html's own. */
async function holdWasm(context) {
  let release;
  const held = new Promise((r) => { release = r; });
  await context.route(/ono99-web-[0-9a-f]+_bg\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release: () => release() };
}

async function chooseTheme(page, value) {
  await openSettings(page);
  await page.getByLabel('Theme', { exact: true }).selectOption(value);
  await closeSettings(page);
}

/** Clicks the first playable card (or Next hand) until the match's result. */
async function playToResult(page) {
  const over = page.getByRole('button', { name: 'Play again' });
  for (let t = 0; t < 3000 && !(await over.count()); t++) {
    await page.waitForFunction(
      () => document.querySelector('[role="dialog"]') || document.querySelector('.hand button.card-btn.playable')
        || document.querySelector('.hand button.four-ono') || document.querySelector('.hand-actions button'),
      null, { timeout: 120000, polling: 30 },
    );
    if (await over.count()) break;
    const next = page.getByRole('button', { name: 'Next hand' });
    if (await next.count()) { await next.click(); continue; }
    await settled(page);
    const card = page.locator('.hand button.card-btn.playable').first();
    const four = page.locator('.hand button.four-ono');
    if (await card.count()) await card.click().catch(() => {});
    else if (await four.count()) await four.click().catch(() => {});
    else if (await page.locator('.hand-actions button').count()) break;
  }
  await over.waitFor({ timeout: 60000 });
}

async function startSeeded(page, server, seed, players) {
  await page.goto(`${server.url}?seed=${seed}`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
  await choose(page, 'Number of players', players);
  await setSpeed(page, 'instant');
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.getByRole('img', { name: /^Total / }).waitFor();
}

/** Screenshots in both themes of what shows now (the device's setting
 *  switched; the app's choice is Automatic). */
async function shotBoth(page, size, what) {
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await shot(page, `theme-${scheme}-${size}-${what}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

export const themeScenarios = [
  {
    name: 'theme: the device\'s light setting paints the first screen light before and after the app; Dark in Settings switches, survives a reload from the first paint; Automatic follows again; both light blocks agree',
    run: async (ctx) => {
      const { context, page, problems } = await openPage(ctx.browser, ctx.server, { viewport: { width: 390, height: 844 }, colorScheme: 'light', serviceWorkers: 'block' });
      try {
        let hold = await holdWasm(context);
        await page.goto(ctx.server.url, { waitUntil: 'load' });
        await page.locator('#boot .quick-btn').waitFor();
        let t = await tones(page);
        assert(t.boot && t.bg > 0.7 && t.ink < 0.05, `the first screen before the app is not light: ${JSON.stringify(t)}`);
        await shot(page, 'theme-light-390-boot');
        hold.release();
        await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
        t = await tones(page);
        assert(!t.boot && t.bg > 0.7 && t.ink < 0.05 && t.attr === null, `the app's first screen is not light: ${JSON.stringify(t)}`);

        // The settings' Dark: at once, and from the first paint of the next visit.
        await chooseTheme(page, 'dark');
        t = await tones(page);
        assert(t.attr === 'dark' && t.bg < 0.05 && t.ink > 0.7, `Dark did not switch the page: ${JSON.stringify(t)}`);
        await context.unroute(/ono99-web-[0-9a-f]+_bg\.wasm$/);
        hold = await holdWasm(context);
        await page.reload({ waitUntil: 'load' });
        await page.locator('#boot .quick-btn').waitFor();
        t = await tones(page);
        assert(t.boot && t.attr === 'dark' && t.bg < 0.05, `after a reload the first screen is not dark: ${JSON.stringify(t)}`);
        hold.release();
        await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
        await openSettings(page);
        assert(await page.getByLabel('Theme', { exact: true }).inputValue() === 'dark', 'the settings forgot Dark');
        await closeSettings(page);

        // Light chosen on a dark device, then Automatic: the device's again.
        await page.emulateMedia({ colorScheme: 'dark' });
        await chooseTheme(page, 'light');
        t = await tones(page);
        assert(t.attr === 'light' && t.bg > 0.7, `Light on a dark device is not light: ${JSON.stringify(t)}`);
        const vars = (p) => p.evaluate(() => {
          const css = getComputedStyle(document.documentElement);
          const out = {};
          for (const sheet of document.styleSheets) {
            for (const rule of sheet.cssRules) {
              if (rule.selectorText === ':root') for (const name of rule.style) if (name.startsWith('--')) out[name] = css.getPropertyValue(name).trim();
            }
          }
          out['color-scheme'] = css.colorScheme;
          return out;
        });
        const explicit = await vars(page);
        await chooseTheme(page, 'auto');
        t = await tones(page);
        assert(t.attr === null && t.bg < 0.05, `Automatic on a dark device is not dark: ${JSON.stringify(t)}`);
        await page.emulateMedia({ colorScheme: 'light' });
        t = await tones(page);
        assert(t.bg > 0.7, `Automatic did not follow the device to light: ${JSON.stringify(t)}`);
        const device = await vars(page);
        const differ = Object.keys(device).filter((k) => device[k] !== explicit[k]);
        assert(Object.keys(device).length > 20 && differ.length === 0, `the two light blocks differ: ${differ.map((k) => `${k}: ${device[k]} / ${explicit[k]}`).join('; ')}`);
        await assertClean(page, problems);
      } finally {
        await context.close();
      }
    },
  },
  ...SIZES.map(([w, h]) => ({
    name: `theme: both themes at ${w}×${h}: the first screen, the table in play, the result; the light theme passes the audit (seed 106)`,
    long: true,
    run: async (ctx) => {
      const size = `${w}`;
      const { page, context, problems } = await openPage(ctx.browser, ctx.server, { viewport: { width: w, height: h }, colorScheme: 'light' });
      try {
        await page.goto(`${ctx.server.url}?seed=106`, { waitUntil: 'load' });
        await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
        await shotBoth(page, size, 'setup');
        await audit(page, `light ${size}: the first screen`);
        await openSettings(page);
        await audit(page, `light ${size}: the settings`);
        await shot(page, `theme-light-${size}-settings`);
        await closeSettings(page);
        await choose(page, 'Number of players', '4');
        await setSpeed(page, 'instant');
        await page.getByRole('button', { name: 'Start game' }).click();
        await page.getByRole('img', { name: /^Total / }).waitFor();
        // Your first turn, then your second: a table with cards played.
        for (let turn = 0; turn < 2; turn++) {
          await page.locator('.hand button.card-btn.playable').first().waitFor({ timeout: 30000 });
          await settled(page);
          if (turn === 0) await page.locator('.hand button.card-btn.playable').first().click();
        }
        await shotBoth(page, size, 'table');
        await audit(page, `light ${size}: the table in play`);
        await playToResult(page);
        await shotBoth(page, size, 'result');
        await audit(page, `light ${size}: the match's result`);
        await assertClean(page, problems);
      } finally {
        await context.close();
      }
    },
  })),
  {
    name: 'colour-blind: the pairs that carry meaning stay apart (or have their own cue) in both themes; the table and the review as protanopia and deuteranopia see them; the review passes the audit in the light theme (seed 7)',
    long: true,
    run: async (ctx) => {
      const { page, context, problems } = await openPage(ctx.browser, ctx.server, { viewport: { width: 390, height: 844 }, colorScheme: 'light' });
      const cdp = await context.newCDPSession(page);
      const simulate = (type) => cdp.send('Emulation.setEmulatedVisionDeficiency', { type });
      try {
        await startSeeded(page, ctx.server, 7, '3');
        await page.locator('.hand button.card-btn.playable').first().waitFor({ timeout: 30000 });
        await settled(page);
        // The cues that need no colour, on the page.
        const cues = await page.evaluate(() => {
          const un = document.querySelector('.hand .card-btn.unplayable');
          return {
            unplayable: un ? getComputedStyle(un, '::after').content : null,
            faces: [...document.querySelectorAll('.hand .cardface')].every((f) => f.querySelector('.pip, .sym, .label') && f.querySelector('.corner')),
          };
        });
        assert(cues.faces, 'a card face has no number, symbol or corner');
        assert(cues.unplayable === null || /\u2715/.test(cues.unplayable), `an unplayable card has no ✕ badge: ${cues.unplayable}`);
        const figures = {};
        for (const scheme of ['light', 'dark']) {
          await page.emulateMedia({ colorScheme: scheme });
          const v = await page.evaluate((names) => Object.fromEntries(names.map((n) => [n, getComputedStyle(document.documentElement).getPropertyValue(n).trim()])), VARS);
          const r = report(v);
          figures[scheme] = r;
          for (const p of r.filter((x) => x.group === 'review verdicts' || (x.a === 'warm' && x.b === 'hot'))) {
            assert(p.worst >= 15, `${scheme}: ${p.a} and ${p.b} come within ΔE ${p.worst} of each other for a colour-blind player`);
          }
          for (const vision of ['protanopia', 'deuteranopia']) {
            await simulate(vision);
            await shot(page, `colour-blind-${scheme}-${vision}-table`);
          }
          await simulate('none');
        }
        writeFileSync(`${RESULTS}/colour-check.json`, JSON.stringify(figures, null, 1));
        await page.emulateMedia({ colorScheme: 'light' });
        await playToResult(page);
        await page.getByRole('dialog').getByRole('button', { name: 'Review my plays' }).click();
        await page.getByRole('heading', { name: 'Review of your plays' }).waitFor({ timeout: 30000 });
        await page.waitForFunction(() => !document.querySelector('.review progress'), null, { timeout: 120000 });
        const marks = await page.locator('.decisions .verdict .verdict-icon').count();
        assert(marks > 0 && marks === await page.locator('.decisions .verdict').count(), 'a verdict has no mark of its own');
        await audit(page, 'light: the review');
        for (const scheme of ['light', 'dark']) {
          await page.emulateMedia({ colorScheme: scheme });
          await shot(page, `colour-blind-${scheme}-normal-review`);
          for (const vision of ['protanopia', 'deuteranopia']) {
            await simulate(vision);
            await shot(page, `colour-blind-${scheme}-${vision}-review`);
          }
          await simulate('none');
        }
        await assertClean(page, problems);
      } finally {
        await context.close();
      }
    },
  },
];
