// Friends you can keep (issue 36, items 2, 3 and 6), with the table link's
// relays on loopback (relays.mjs, as link.mjs): the names two friends
// typed show in the host's lobby and on every page, also after the host's
// reload; after that reload the lobby says the match is in progress with
// its Resume in view (phone and desktop), and each friend's page keeps its
// table and says it waits for the host; a friend silent for the turn limit
// gets a stand-in, is told so, and takes the seat back. Fixed seeds; every
// wait is on what a person sees.

import { assert, shot, audit, playOnline, openPage, openSettings } from './lib.mjs';
import { hostWithRelays, tableLink, friendJoins, connected, withRelays } from './link.mjs';
import { handOf } from './online.mjs';

const SMALL_PHONE = { width: 360, height: 640 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The number of actions on `p`'s table. */
const ply = (p) => p.evaluate(() => Number(document.querySelector('.total[aria-label]')?.getAttribute('data-ply')));

/** The name shown on the felt for `seat` on page `p`. */
const seatName = (p, seat) => p.locator(`.felt .seat[data-seat="${seat}"] .name`).first().innerText();

/** Whether `locator`'s box lies whole inside `p`'s viewport (as it is
 *  scrolled now). */
async function inView(p, locator) {
  const box = await locator.boundingBox();
  const size = p.viewportSize();
  return !!box && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
}

/** Each page names the seats as typed: Mia at seat 1, Leo at seat 2 (and
 *  "You" for a friend's own); no bot's name stands in for either. */
async function namesEverywhere(host, mia, leo, where) {
  const expect = async (p, seat, name, who) => {
    await p.page.waitForFunction(([seat, name]) => document.querySelector(`.felt .seat[data-seat="${seat}"] .name`)?.textContent === name,
      [seat, name], { timeout: 20000 }).catch(async () => {
      throw new Error(`${where}: ${who} shows seat ${seat} as "${await seatName(p.page, seat)}", not "${name}"`);
    });
  };
  await expect(host, 1, 'Mia', "the host's table");
  await expect(host, 2, 'Leo', "the host's table");
  await expect(mia, 2, 'Leo', "Mia's table");
  await expect(leo, 1, 'Mia', "Leo's table");
  for (const p of [host, mia, leo]) {
    const felt = await p.page.locator('.felt').innerText();
    assert(!/\bAna\b|\bBen\b/.test(felt), `${where}: a bot's name stands in for a friend: ${felt.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
}

/** Host (seed 106, 4 seats: two friends online, a bot) and two friends who
 *  typed "Mia" and "Leo", at the table after a few plays; then the host's
 *  page reloads at `hostSize`. */
async function reloadScenario(ctx, hostSize, label) {
  await withRelays({}, async (relays, pages) => {
    const host = await hostWithRelays(ctx, [relays.trackerUrl, relays.brokerUrl], 4, 2, hostSize);
    pages.push(host);
    const link = await tableLink(host);
    const mia = (await friendJoins(ctx, link, 'Mia', PHONE)).guest;
    pages.push(mia);
    const leo = (await friendJoins(ctx, link, 'Leo', DESKTOP)).guest;
    pages.push(leo);
    // The lobby names each seat as its friend typed it.
    await connected(host, 'Mia');
    await connected(host, 'Leo');
    for (const bot of ['Ana', 'Ben']) {
      assert(await host.page.getByRole('region', { name: `Seat of ${bot}` }).count() === 0, `the lobby still shows a seat of ${bot}`);
    }
    await host.page.getByRole('button', { name: 'Start game' }).click();
    for (const g of [mia, leo]) await g.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });
    const friends = [{ seat: 1, page: mia.page }, { seat: 2, page: leo.page }];
    await playOnline(host.page, friends, async () => (await ply(host.page)) >= 5);
    await namesEverywhere(host, mia, leo, 'at the table');
    // The host's log names them too.
    const log = await host.page.locator('.log').first().innerText();
    assert(/Mia|Leo/.test(log) && !/\bAna\b|\bBen\b/.test(log), `the host's log: ${log.slice(0, 400)}`);
    const at = await ply(host.page);
    const miaHand = await handOf(mia.page);
    const leoHand = await handOf(leo.page);

    await host.page.reload();
    await host.page.getByRole('heading', { name: 'Invite your friends' }).waitFor({ timeout: 30000 });
    // In progress, where, and one Resume in view at once.
    const card = host.page.getByRole('region', { name: 'Match in progress' });
    await card.waitFor();
    await card.getByText(new RegExp(`Hand 1 · ${at} plays`)).waitFor();
    const resume = host.page.getByRole('button', { name: 'Resume the match' });
    assert(await resume.count() === 1, 'not one Resume button');
    assert(await host.page.getByRole('button', { name: 'Start game' }).count() === 0, 'a Start game besides Resume');
    assert(await inView(host.page, resume), `Resume is not in view at ${hostSize.width}x${hostSize.height}`);
    // The seats keep the names typed, before and after the friends are back.
    await host.page.getByRole('region', { name: 'Seat of Mia' }).waitFor();
    await host.page.getByRole('region', { name: 'Seat of Leo' }).waitFor();
    await connected(host, 'Mia');
    await connected(host, 'Leo');
    await resume.and(host.page.locator(':enabled')).waitFor({ timeout: 20000 });
    assert(await inView(host.page, resume), `Resume is not in view at ${hostSize.width}x${hostSize.height} once enabled`);
    await shot(host.page, `friends-host-reloaded-${label}`);
    // Each friend keeps their table and is told the host is away.
    for (const g of [mia, leo]) {
      await g.page.getByRole('status').filter({ hasText: 'Waiting for Host to come back to the table' }).waitFor({ timeout: 20000 });
      assert(await g.page.getByRole('region', { name: 'Table' }).count() === 1, "a friend's table vanished");
      assert(await g.page.getByText(/Waiting for .* to start/).count() === 0, 'a friend waits for a start');
    }
    await shot(mia.page, `friends-guest-waits-for-host-phone-${label}`);
    await shot(leo.page, `friends-guest-waits-for-host-desktop-${label}`);
    if (label === 'small-phone') await audit(host.page, 'the lobby of a resumed match');
    await resume.click();
    for (const g of [mia, leo]) {
      await g.page.getByText(/to come back to the table/).waitFor({ state: 'detached', timeout: 20000 });
      await g.page.waitForFunction((n) => Number(document.querySelector('.total[aria-label]')?.getAttribute('data-ply')) === n, at, { timeout: 20000 });
    }
    assert(JSON.stringify(await handOf(mia.page)) === JSON.stringify(miaHand), "Mia's hand changed with the host's reload");
    assert(JSON.stringify(await handOf(leo.page)) === JSON.stringify(leoHand), "Leo's hand changed with the host's reload");
    await namesEverywhere(host, mia, leo, "after the host's reload");
    // To the end: the result names them too, on every page.
    const over = async () => (await host.page.getByRole('button', { name: 'Play again' }).count()) > 0;
    await playOnline(host.page, friends, over);
    for (const p of [host, mia, leo]) {
      const result = p.page.getByRole('dialog');
      await result.waitFor({ timeout: 20000 });
      const text = await result.innerText();
      assert(!/\bAna\b|\bBen\b/.test(text), `a result names a bot for a friend: ${text.slice(0, 400)}`);
    }
    const hostResult = await host.page.getByRole('dialog').innerText();
    assert(hostResult.includes('Mia') && hostResult.includes('Leo'), `the host's result: ${hostResult.slice(0, 400)}`);
    ctx.note(`friends (${label}): Mia and Leo named as typed on 3 pages; the host's reload at action ${at} resumed with Resume in view`);
    for (const p of pages) assert(p.problems.length === 0, `page problems: ${p.problems.join('; ')}`);
  });
}

export const friendsScenarios = [
  {
    name: "friends: names typed by two friends show in the lobby and on every page; the host's reload at 360x640 resumes with Resume in view, the friends' tables kept (seed 106)",
    run: (ctx) => reloadScenario(ctx, SMALL_PHONE, 'small-phone'),
  },
  {
    name: "friends: the host's reload at 1280x800 resumes with Resume in view, the friends' tables kept, names as typed (seed 106)",
    run: (ctx) => reloadScenario(ctx, DESKTOP, 'desktop'),
  },
  {
    // Seed 106 with 3 seats: the friend's seat plays first, so the
    // limit (5 s by the address's hook) runs out on her first turn.
    name: 'friends: a friend silent for the turn limit gets a stand-in, is told so, and takes the seat back with "I\'m back" (seed 106, a 5 s limit)',
    run: (ctx) => withRelays({}, async (relays, pages) => {
      const host = await hostWithRelays(ctx, [relays.trackerUrl, relays.brokerUrl], 3, 1, DESKTOP, async () => {}, 'app/?seed=106&turn_limit=5');
      pages.push(host);
      const link = await tableLink(host);
      // The lobby offers the limit; the address's 5 s is chosen.
      const choice = host.page.getByLabel('Turn limit');
      assert(await choice.inputValue() === '5', `the turn limit is ${await choice.inputValue()}`);
      assert(await choice.locator('option').allInnerTexts().then((o) => o.includes('Off') && o.includes('60 s')), 'the lobby does not offer Off and 60 s');
      const mia = (await friendJoins(ctx, link, 'Mia', PHONE)).guest;
      pages.push(mia);
      await connected(host, 'Mia');
      await host.page.getByRole('button', { name: 'Start game' }).click();
      await mia.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });
      // Mia plays nothing: at the limit a bot plays for her, and her page
      // says so with a way back.
      const t0 = Date.now();
      const told = mia.page.getByRole('status').filter({ hasText: 'A bot is playing for you while you were away.' });
      await playOnline(host.page, [], () => told.count().then((n) => n > 0));
      const waited = Date.now() - t0;
      assert(waited >= 4500, `the stand-in came after ${waited} ms, before the 5 s limit`);
      await host.page.getByRole('button', { name: 'Give the seat back to Mia' }).waitFor({ timeout: 20000 });
      await host.page.waitForFunction(() => Number(document.querySelector('.total[aria-label]')?.getAttribute('data-ply')) >= 1, null, { timeout: 20000 });
      await shot(mia.page, 'friends-stand-in-told-phone');
      await shot(host.page, 'friends-stand-in-host-desktop');
      // "I'm back": the seat is hers again; she plays her next turn herself.
      await mia.page.getByRole('button', { name: "I'm back: let me play" }).click();
      await told.waitFor({ state: 'detached', timeout: 20000 });
      await host.page.getByRole('button', { name: 'Give the seat back to Mia' }).waitFor({ state: 'detached', timeout: 20000 });
      const before = await ply(host.page);
      let clicked = 0;
      const miaPlays = async () => {
        const n = await host.page.evaluate(() => {
          const line = (localStorage.getItem('ono99.save') || '').split('\n').find((l) => l.startsWith('actions')) || '';
          return line.split(' ').slice(1);
        });
        clicked = n.slice(before).filter((a) => a.startsWith('1:')).length;
        return clicked >= 1;
      };
      await playOnline(host.page, [{ seat: 1, page: mia.page }], miaPlays);
      assert(await told.count() === 0, 'a bot took her seat again while she played');
      ctx.note(`friends: turn limit 5 s: the stand-in played after ${waited} ms; "I'm back" gave Mia her seat, and she played it`);
      for (const p of pages) assert(p.problems.length === 0, `page problems: ${p.problems.join('; ')}`);
    }),
  },
  {
    name: 'friends: "Play with friends" on the first screen leads to the whole app\'s setup with a friend\'s seat; Settings opened there or on the first screen reach the turn alert and relays',
    run: async (ctx) => {
      const p = await openPage(ctx.browser, ctx.server, { viewport: SMALL_PHONE });
      try {
        await p.page.goto(ctx.server.url, { waitUntil: 'load' });
        // The app's own first screen (the page's copy painted before it
        // is replaced as the app mounts, so its link may go mid-scroll).
        await p.page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
        const entry = p.page.getByRole('link', { name: 'Play with friends' });
        await entry.scrollIntoViewIfNeeded();
        await shot(p.page, 'friends-first-screen-small-phone');
        // Settings on the first download's page: a link to what only the
        // whole app has.
        await openSettings(p.page);
        const open = p.page.getByRole('link', { name: 'Turn alert and relays for tables with friends' });
        await open.waitFor();
        await shot(p.page, 'friends-first-settings-small-phone');
        await open.click();
        // The whole app's page, its Settings open: the turn alert and the
        // relays are there.
        await p.page.waitForURL(/\/app\//, { timeout: 20000 });
        await p.page.getByRole('checkbox', { name: /Tell me when it/ }).waitFor({ timeout: 20000 });
        await p.page.locator('#settings-panel summary').click();
        await p.page.getByLabel('Relays', { exact: true }).waitFor();
        await shot(p.page, 'friends-app-settings-small-phone');
        // Back to the first screen: Play with friends.
        await p.page.goto(ctx.server.url, { waitUntil: 'load' });
        await p.page.getByRole('link', { name: 'Play with friends' }).click();
        await p.page.waitForURL(/\/app\//, { timeout: 20000 });
        // The first seat after yours is a friend's, in view with focus.
        const seat = p.page.locator('#seat-level-2');
        await p.page.waitForFunction(() => document.activeElement?.id === 'seat-level-2', null, { timeout: 20000 });
        assert(await seat.inputValue() === 'online', `seat 2 is ${await seat.inputValue()}`);
        assert(await inView(p.page, seat), "the friend's seat is not in view");
        await shot(p.page, 'friends-setup-small-phone');
        // Start game opens the lobby with the table link.
        await p.page.getByRole('button', { name: 'Start game' }).click();
        await p.page.getByRole('heading', { name: 'Invite your friends' }).waitFor({ timeout: 20000 });
        assert(p.problems.length === 0, `page problems: ${p.problems.join('; ')}`);
      } finally {
        await p.context.close();
      }
    },
  },
];
