// Watchers (issue 31): the host's lobby offers a watch link beside the
// table link; someone who opens it mid-match sees the public table (the
// seats, the total, the pile) and no card of any hand, and is counted on
// the host's table ("1 watching"). The host stops sharing: the watcher is
// told, and the count goes. Relays on loopback, as in link.mjs.

import { assert, shot, audit } from './lib.mjs';
import { page, hostWithRelays, tableLink, friendJoins, connected, withRelays } from './link.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The ply a page's table shows (the total's `data-ply`). */
async function ply(p) {
  return Number(await p.locator('.total[aria-label]').getAttribute('data-ply'));
}

/** Plays until the host's table is `plies` actions in: whoever of the
 *  host and the friend has a playable card plays it (the bot plays by
 *  itself). */
async function playUntil(host, friend, plies) {
  for (const deadline = Date.now() + 60000; Date.now() < deadline;) {
    if (await ply(host.page) >= plies) return;
    for (const p of [host.page, friend.page]) {
      const card = p.locator('.hand button.card-btn.playable').first();
      if (await card.count()) await card.click().catch(() => {});
    }
    await host.page.waitForTimeout(100);
  }
  throw new Error(`the match did not reach ply ${plies}`);
}

/** Fails if `p` shows a face-up card other than the pile's, the trail's
 *  and cards laid down after going out, or any card of a hand. */
async function noHandCard(p, where) {
  const stray = await p.locator('.cardface').evaluateAll((faces) => faces
    .filter((f) => !f.closest('.centre') && !f.closest('.laid-down'))
    .map((f) => f.className));
  assert(stray.length === 0, `${where}: face-up cards outside the pile and laid-down cards: ${stray.join(', ')}`);
  assert(await p.locator('.hand .slot, .hand button.card-btn, .backs.face-up').count() === 0, `${where}: a hand's card is shown`);
}

/** Someone opens the watch link and presses Watch; resolves with their page. */
async function watcherComes(ctx, link, viewport) {
  const watcher = await page(ctx, viewport);
  await watcher.page.goto(link);
  await watcher.page.getByRole('heading', { name: /Watching .*'s table/ }).waitFor({ timeout: 20000 });
  await watcher.page.getByRole('button', { name: 'Watch', exact: true }).click();
  await watcher.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 30000 });
  return watcher;
}

export const watchScenarios = [
  {
    name: 'watch link: a watcher joins mid-match, sees the public table and no hand, is counted, and is told when the host stops sharing (seed 106)',
    run: (ctx) => withRelays({}, async (relays, pages) => {
      const host = await hostWithRelays(ctx, [relays.trackerUrl, relays.brokerUrl], 3, 1);
      pages.push(host);
      const link = await tableLink(host);
      const box = host.page.getByRole('textbox', { name: 'Watch link' });
      await box.waitFor({ timeout: 20000 });
      const watchLink = await box.inputValue();
      assert(/\/app\/#watch=[A-Za-z0-9_-]{40,}$/.test(watchLink), `the watch link looks wrong: ${watchLink}`);
      assert(watchLink.split('#watch=')[1] !== link.split('#table=')[1], 'the watch link is the table link');
      assert(await host.page.getByRole('img', { name: 'The watch link as a QR code' }).locator('svg path').count() === 1, 'no QR code of the watch link');
      await host.page.getByText('0 watching').waitFor();
      await host.page.getByRole('heading', { name: 'Watch link' }).scrollIntoViewIfNeeded();
      await shot(host.page, 'watch-lobby-desktop');
      await audit(host.page, 'lobby with a watch link');
      const { guest } = await friendJoins(ctx, link, 'Zoë');
      pages.push(guest);
      await connected(host, 'Zoë');
      await host.page.getByRole('button', { name: 'Start game' }).click();
      await guest.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });
      await playUntil(host, guest, 3);

      // Mid-match, at phone size, then another at desktop size.
      const watcher = await watcherComes(ctx, watchLink, PHONE);
      pages.push(watcher);
      const at = await ply(host.page);
      await watcher.page.waitForFunction((n) => Number(document.querySelector('.total[aria-label]')?.getAttribute('data-ply')) >= n, at, { timeout: 20000 });
      await host.page.getByText('1 watching').waitFor({ timeout: 20000 });
      // The seats are there, by name; the total and the pile too.
      for (const name of ['Zoë']) await watcher.page.getByText(name, { exact: false }).first().waitFor();
      assert(await watcher.page.locator('.centre .pile-card').count() > 0, 'no pile on the watcher\'s table');
      await noHandCard(watcher.page, 'watcher (phone)');
      assert(await watcher.page.getByRole('button', { name: 'Leave', exact: true }).isVisible(), 'no Leave');
      await shot(watcher.page, 'watch-watcher-phone');
      await audit(watcher.page, 'a watcher\'s table');

      const second = await watcherComes(ctx, watchLink, DESKTOP);
      pages.push(second);
      await host.page.getByText('2 watching').waitFor({ timeout: 20000 });
      await playUntil(host, guest, at + 3);
      const now = await ply(host.page);
      for (const w of [watcher, second]) {
        await w.page.waitForFunction((n) => Number(document.querySelector('.total[aria-label]')?.getAttribute('data-ply')) >= n, now, { timeout: 20000 });
      }
      await noHandCard(second.page, 'watcher (desktop)');
      await shot(second.page, 'watch-watcher-desktop');
      await shot(host.page, 'watch-host-two-watching-desktop');

      // The host stops sharing: both watchers are told, the count goes.
      await host.page.getByRole('button', { name: 'Stop sharing' }).click();
      for (const w of [watcher, second]) {
        await w.page.getByRole('alert').filter({ hasText: 'stopped sharing the table' }).waitFor({ timeout: 20000 });
      }
      await host.page.getByText(/\d watching/).waitFor({ state: 'detached', timeout: 20000 });
      await shot(watcher.page, 'watch-stopped-phone');
      // The friend plays on, untouched.
      assert(await guest.page.getByRole('region', { name: 'Table' }).isVisible(), 'the friend lost the table');
      for (const p of pages) assert(p.problems.length === 0, `page problems: ${p.problems.join('; ')}`);
    }),
  },
];

export { watcherComes };
