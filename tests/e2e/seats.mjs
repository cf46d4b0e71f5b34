// A seat belongs to the person who took it (issue 36, docs/online.md
// "Who may take a seat"): relays on loopback, friends by the table link.
//
// Mia and Leo take seats by the link and play. Leo opens the table in a
// new tab: his seat and hand come back to it, and his old tab steps
// aside. Leo's browser closes. Kim, who has only the link, presses Join
// (as "Leo", by Leo's name): she is not seated and sees no card; the host
// is asked. The host refuses, then (Kim asks again) allows: Kim plays
// Leo's seat on, and her page shows no card Leo drew before she sat down.

import { assert, shot, playOnline } from './lib.mjs';
import { handOf } from './online.mjs';
import { hostWithRelays, tableLink, friendJoins, knocks, connected, withRelays } from './link.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The lines of a page's game log. */
async function logLines(p) {
  return p.locator('.log-hands li').allTextContents();
}

/** Whether a page shows a table (a hand or the felt). */
async function atTable(p) {
  return (await p.getByRole('region', { name: 'Table' }).count()) > 0
    || (await p.locator('.hand button.card-btn').count()) > 0;
}

export const seatScenarios = [
  {
    name: "seat keys: a friend's new tab takes their seat back; a stranger with the link is refused Leo's seat and sees no card until the host allows it (seed 106)",
    // Mostly waiting on connections and the game's clocks (under half a
    // core alone, measured): the light lane.
    light: true,
    run: (ctx) => withRelays({}, async (relays, pages) => {
      const host = await hostWithRelays(ctx, [relays.trackerUrl, relays.brokerUrl], 3, 2);
      pages.push(host);
      const link = await tableLink(host);
      const mia = (await friendJoins(ctx, link, 'Mia')).guest;
      pages.push(mia);
      await connected(host, 'Mia');
      const leo = (await friendJoins(ctx, link, 'Leo', PHONE)).guest;
      pages.push(leo);
      await connected(host, 'Leo');
      await host.page.getByRole('button', { name: 'Start game' }).click();
      for (const g of [mia, leo]) await g.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });

      // A few plays, until Leo has drawn a card of his own.
      const friends = [{ seat: 1, page: mia.page }, { seat: 2, page: leo.page }];
      await playOnline(host.page, friends, async () => (await logLines(leo.page)).some((l) => l.startsWith('You draw')));
      const drawn = (await logLines(leo.page)).filter((l) => l.startsWith('You draw'));
      const leoHand = await handOf(leo.page);

      // Leo's tab closes; he opens the table in a new tab of the same
      // browser: offered his seat, he takes it back with the same hand.
      await leo.page.close();
      await host.page.locator('.seat.away').first().waitFor({ timeout: 20000 });
      const tab = await leo.context.newPage();
      await tab.setViewportSize(PHONE);
      await tab.goto(link);
      await tab.getByText('You sat at this table as Leo').waitFor({ timeout: 20000 });
      await shot(tab, 'seats-returning-phone');
      await tab.getByRole('button', { name: 'Join', exact: true }).click();
      await tab.waitForFunction(() => document.querySelectorAll('.hand button.card-btn').length > 0, null, { timeout: 30000 });
      assert(JSON.stringify(await handOf(tab)) === JSON.stringify(leoHand), "Leo's new tab has another hand");
      await host.page.waitForFunction(() => !document.querySelector('.seat.away'), null, { timeout: 20000 });

      // Leo's browser closes.
      await leo.context.close();
      pages.splice(pages.indexOf(leo), 1);
      await host.page.locator('.seat.away').first().waitFor({ timeout: 20000 });

      // Kim has only the link. She types Leo's name and asks for nothing
      // more: the host is asked, and her page shows no table.
      const kim = await knocks(ctx, link, 'Leo');
      pages.push(kim);
      await kim.page.getByText('This seat is Leo’s, and Leo is away').waitFor({ timeout: 20000 });
      const ask = host.page.getByText('Leo asks to take Leo’s seat');
      await ask.waitFor({ timeout: 20000 });
      await shot(host.page, 'seats-request-desktop');
      assert(!(await atTable(kim.page)), 'the stranger sees the table before the host answered');
      await host.page.getByRole('button', { name: 'Keep Leo’s seat for Leo, not Leo' }).click();
      await kim.page.getByText('The host keeps this seat for Leo').waitFor({ timeout: 20000 });
      assert(!(await atTable(kim.page)), 'the stranger sees the table after the host refused');

      // Kim asks again under her own name; the host allows it this time.
      await kim.page.getByLabel('Your name').fill('Kim');
      await kim.page.getByRole('button', { name: 'Join', exact: true }).click();
      await host.page.getByText('Kim asks to take Leo’s seat').waitFor({ timeout: 30000 });
      await host.page.getByRole('button', { name: 'Allow Kim to take Leo’s seat' }).click();
      await kim.page.waitForFunction(() => document.querySelectorAll('.hand button.card-btn').length > 0, null, { timeout: 30000 });
      assert(JSON.stringify(await handOf(kim.page)) === JSON.stringify(leoHand), "Kim did not get the seat's hand");
      const kimLog = await logLines(kim.page);
      assert(drawn.length > 0, 'Leo drew nothing: the check below would prove nothing');
      assert(!kimLog.some((l) => l.startsWith('You draw')), `Kim's page shows Leo's draws: ${kimLog.join(' | ')}`);
      await host.page.getByRole('region', { name: 'Seat of Kim' }).or(host.page.getByText('Kim', { exact: false })).first().waitFor({ timeout: 20000 });
      await shot(kim.page, 'seats-allowed-desktop');
      // Kim knocked a dozen times while the host chose: every repeat
      // announce as public trackers take it (no socket closed for it).
      assert(relays.counts.trackerClosed === 0, `the tracker closed ${relays.counts.trackerClosed} sockets`);
      for (const p of pages) assert(p.problems.length === 0, `page problems: ${p.problems.join('; ')}`);
    }),
  },
];
