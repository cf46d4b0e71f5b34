// "Your turn" while the page is in the background (issue 31): at an online
// table, a hidden page's tab title says it is the player's turn, and goes
// back to what it was when the page is shown again or the turn passes; on
// the friend's page and on the host's. Settings has the switch for a
// system notification, which asks the browser's permission from the click
// and stays off (saying why) when the browser refuses.
//
// Hiding a page. Headless Chromium keeps every page "visible": we tried a
// second page of the same window brought to the front (page.bringToFront),
// a new tab over it through CDP (Target.createTarget in the page's browser
// context, then Target.activateTarget either way), minimizing its window
// (Browser.setWindowBounds, windowState "minimized") and
// Page.setWebLifecycleState; `document.visibilityState` stayed "visible"
// and no visibilitychange fired (Chromium 156, playwright-core's CDP
// session), and CDP has no call that sets it. So `setHidden` does what the
// browser does when a tab goes to the background, from inside the page:
// it overrides `document.hidden` and `document.visibilityState` (own
// properties of `document`, shadowing the prototype's getters the app
// reads) and fires `visibilitychange` on the document. Nothing else of the
// page is faked: the app's listener, its title and its timers are real.

import { assert, shot, openSettings, closeSettings, audit, assertClean, playToHostTurn } from './lib.mjs';
import { hostTable, join } from './online.mjs';

const PHONE = { width: 390, height: 844 };
const PLAY = '.hand button.card-btn.playable, .hand button.four-ono';
const YOUR_TURN = '▶ Your turn — ONO 99';
// The fixed deal: a host and one friend, each playing the first card they
// can, the turn going host, friend, host around the steps below.
const SEED = 106;

/** The page goes to the background (`true`) or comes back (`false`), as
 *  far as the page can tell (see the top of this file). */
async function setHidden(page, hidden) {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** Waits until the page's title is `title`. */
async function titleIs(page, title, why) {
  await page.waitForFunction((t) => document.title === t, title, { timeout: 20000 }).catch(async () => {
    throw new Error(`${why}: the title is ${JSON.stringify(await page.title())}, not ${JSON.stringify(title)}`);
  });
}

/** The ply on `page`'s table. */
async function plyOf(page) {
  return Number(await page.locator('.total[aria-label]').getAttribute('data-ply'));
}

/** Records the page's system notifications: each one made (title and
 *  text) and each one closed, in `window.__notices`. The browser's own
 *  Notification does the work; this only keeps a list. */
async function recordNotices(page) {
  await page.evaluate(() => {
    const Real = window.Notification;
    window.__notices = [];
    window.Notification = class extends Real {
      constructor(title, options) {
        super(title, options);
        window.__notices.push(`shown: ${title}: ${options && options.body}`);
      }
      close() {
        window.__notices.push('closed');
        super.close();
      }
    };
  });
}

export const alertScenarios = [
  {
    name: `your-turn alert: a hidden friend's (and host's) tab title says "Your turn" on their turn, back when visible or when the turn passes; the notification switch (seed ${SEED})`,
    run: async (ctx) => {
      const host = await hostTable(ctx, 2, 1, { seed: SEED });
      const pages = [host];
      try {
        const ana = await join(ctx, host, 'Ana', 'Zoë', PHONE);
        pages.push(ana);

        // Settings, on the friend's phone: this browser was given no
        // permission, so turning the switch on is refused, said next to
        // it, and the switch stays off.
        await openSettings(ana.page);
        const anaSwitch = ana.page.getByRole('checkbox', { name: 'Tell me when it’s my turn (system notification)' });
        assert(!(await anaSwitch.isChecked()), 'the notification switch starts on');
        await anaSwitch.click();
        await ana.page.getByRole('alert').filter({ hasText: 'did not allow notifications' }).waitFor({ timeout: 10000 });
        assert(!(await anaSwitch.isChecked()), 'a refused notification left the switch on');
        await anaSwitch.scrollIntoViewIfNeeded();
        await shot(ana.page, 'alerts-settings-refused-phone');
        await audit(ana.page, 'settings with the notification refused');
        await closeSettings(ana.page);

        // …and on the host's desktop, where the browser allows it: the
        // switch stays on, and is kept.
        await host.context.grantPermissions(['notifications'], { origin: ctx.server.origin });
        await openSettings(host.page);
        const hostSwitch = host.page.getByRole('checkbox', { name: 'Tell me when it’s my turn (system notification)' });
        await hostSwitch.click();
        await host.page.waitForFunction(() => localStorage.getItem('ono99.alerts') === 'notify=1\n', null, { timeout: 10000 });
        assert(await hostSwitch.isChecked(), 'an allowed notification left the switch off');
        assert(await host.page.locator('#set-turn-alerts-error').count() === 0, 'an allowed notification shows an error');
        await shot(host.page, 'alerts-settings-desktop');
        await closeSettings(host.page);
        await recordNotices(host.page);

        await host.page.getByRole('button', { name: 'Start game' }).click();
        await ana.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });
        const anaTitle = await ana.page.title();
        const hostTitle = await host.page.title();
        assert(anaTitle !== YOUR_TURN && hostTitle !== YOUR_TURN, 'a title says "Your turn" before anything was hidden');

        // The host's turn: the friend's page goes to the background, and
        // its title stays as it was while the game waits on the host.
        await playToHostTurn(host.page, ana.page, 1, 0);
        await setHidden(ana.page, true);
        // The friend's turn comes once the host has played.
        for (let i = 0; ; i++) {
          assert(i < 20, "the friend's turn never came");
          assert(await ana.page.title() === anaTitle, 'the hidden title changed while the game waits on the host');
          const ply = await plyOf(host.page);
          await host.page.locator(PLAY).first().click();
          await host.page.waitForFunction((ply) => Number(document.querySelector('.total[aria-label]').getAttribute('data-ply')) > ply, ply, { timeout: 20000 });
          await ana.page.waitForFunction((ply) => Number(document.querySelector('.total[aria-label]').getAttribute('data-ply')) > ply, ply, { timeout: 20000 });
          if (await ana.page.locator(PLAY).count()) break;
        }
        await titleIs(ana.page, YOUR_TURN, "the friend's turn, page hidden");

        // Back to the page: its own title again.
        await setHidden(ana.page, false);
        await titleIs(ana.page, anaTitle, 'the friend came back to the page');

        // Hidden again during the same turn: said again. The host's page
        // goes to the background too.
        await setHidden(ana.page, true);
        await titleIs(ana.page, YOUR_TURN, 'the friend hid the page again during their turn');
        await setHidden(host.page, true);
        assert(await host.page.title() === hostTitle, "the hidden host's title changed on the friend's turn");

        // The friend plays (a test may click a page it hid): the turn
        // passes, so the friend's title goes back while the page is still
        // hidden, and the host's says it is theirs.
        await ana.page.locator(PLAY).first().dblclick();
        await titleIs(ana.page, anaTitle, "the friend's turn passed");
        await titleIs(host.page, YOUR_TURN, "the host's turn, page hidden");
        assert(await host.page.locator(PLAY).count() > 0, "the host's title says so, but it is not the host's turn");
        // The host allowed notifications: one shows for this turn, and
        // closes when the host comes back.
        const notices = await host.page.evaluate(() => window.__notices);
        assert(notices.length === 1 && notices[0] === 'shown: ONO 99: Your turn: the online table is waiting for you.',
          `the host's notifications: ${JSON.stringify(notices)}`);
        await setHidden(host.page, false);
        await titleIs(host.page, hostTitle, 'the host came back to the page');
        const after = await host.page.evaluate(() => window.__notices);
        assert(after.length === 2 && after[1] === 'closed', `the notification was not closed: ${JSON.stringify(after)}`);
        // The host's turn leaves the (still hidden) friend's title alone.
        assert(await ana.page.title() === anaTitle, "the friend's title changed on the host's turn");
        ctx.note(`alerts: friend and host titles "${YOUR_TURN}" while hidden on their turn, restored to "${anaTitle}" / "${hostTitle}"`);
        for (const p of pages) await assertClean(p.page, p.problems);
      } finally {
        for (const p of pages.slice().reverse()) await p.context.close().catch(() => {});
      }
    },
  },
];
