// A friend's page alone (issue 38): the whole app's page loads a module of
// its own for an invite, table or watch link (ono99-friend: the friend's
// page and the table from their seat, about half the whole app), so a
// friend on a phone is seated sooner. These scenarios check that the
// friend is seated from it and plays a match to its end, that leaving the
// table opens the whole app, and that older links (made on the first
// page) and broken ones still work. Loopback relays as link.mjs's.
import { assert, shot, playOnline } from './lib.mjs';
import { startRelays } from './relays.mjs';
import { page, hostWithRelays, tableLink, connected } from './link.mjs';

const PHONE = { width: 390, height: 844 };

/** The modules of game code the page fetched (ono99-web, -full, -friend). */
async function modulesOf(p) {
  return p.evaluate(() => [...new Set(performance.getEntriesByType('resource')
    .map((r) => (/(ono99-[a-z]+)-[0-9a-f]+_bg\.wasm$/.exec(r.name) || [])[1]).filter(Boolean))].sort());
}

/** A page's problems, less the favicon's request cancelled by a page
 *  that moves on by itself (the loader's move to app/, Back's reload), as
 *  deploy.mjs allows it. */
const problemsOf = (p) => p.problems.filter((x) => !/request failed: .*favicon.*ERR_ABORTED/.test(x));

async function withRelays(body) {
  const relays = await startRelays({});
  const pages = [];
  try {
    await body(relays, pages);
  } finally {
    for (const p of pages.slice(1).reverse()) await p.context.close().catch(() => {});
    if (pages[0]) await pages[0].context.close().catch(() => {});
    await relays.close();
  }
}

export const friendPageScenarios = [
  {
    name: "friend's page alone: a friend on a phone opens the table link, is seated from the friend's module, plays the match to its end and leaves to the whole app (fixed seed)",
    motion: true,
    run: (ctx) => withRelays(async (relays, pages) => {
      const host = await hostWithRelays(ctx, [relays.trackerUrl, relays.brokerUrl], 2, 1);
      pages.push(host);
      const link = await tableLink(host);
      const guest = await page(ctx, PHONE);
      pages.push(guest);
      const g = guest.page;
      await g.goto(link);
      await g.getByRole('heading', { name: /Join .*'s table/ }).waitFor({ timeout: 20000 });
      const loaded = await modulesOf(g);
      assert(loaded.join() === 'ono99-friend', `the friend's page loaded ${loaded.join(', ')}, not the friend's module alone`);
      await g.getByLabel('Your name').fill('Zoë');
      await shot(g, 'friendpage-join-phone');
      await g.getByRole('button', { name: 'Join', exact: true }).click();
      await g.getByText(/Waiting for .* to start/).waitFor({ timeout: 30000 });
      await connected(host, 'Zoë');
      await shot(g, 'friendpage-seated-phone');
      await host.page.getByRole('button', { name: 'Start game' }).click();
      await g.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });
      const over = async () => (await host.page.getByRole('button', { name: 'Play again' }).count()) > 0;
      await playOnline(host.page, [{ seat: 1, page: g }], over);
      await shot(g, 'friendpage-table-phone');
      const dialog = g.getByRole('dialog');
      await dialog.waitFor({ timeout: 20000 });
      await shot(g, 'friendpage-result-phone');
      // Leaving opens the whole app on the same page: its setup.
      await dialog.getByRole('button', { name: /^Leave/ }).click();
      await g.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 20000 });
      assert(!g.url().includes('#'), `the link stayed in the address after leaving: ${g.url()}`);
      assert((await modulesOf(g)).join() === 'ono99-full', 'the whole app did not load after leaving the table');
      for (const p of pages) assert(problemsOf(p).length === 0, `page problems: ${problemsOf(p).join('; ')}`);
    }),
  },
  {
    name: "friend's page alone: a table link made on the first page opens the friend's page; a broken one opens the whole app, which says so (phone)",
    run: (ctx) => withRelays(async (relays, pages) => {
      const host = await hostWithRelays(ctx, [relays.trackerUrl, relays.brokerUrl], 2, 1);
      pages.push(host);
      const link = await tableLink(host);
      const guest = await page(ctx, PHONE);
      pages.push(guest);
      const g = guest.page;
      // An older build's link: the first page, which sends it to app/.
      await g.goto(link.replace('/app/#', '/#'));
      await g.getByRole('heading', { name: /Join .*'s table/ }).waitFor({ timeout: 20000 });
      assert(new URL(g.url()).pathname.endsWith('/app/'), `the first page's link did not move to app/: ${g.url()}`);
      assert((await modulesOf(g)).join() === 'ono99-friend', 'the first page\'s link did not load the friend\'s module');
      assert(problemsOf(guest).length === 0, `the first page's link: page problems: ${problemsOf(guest).join('; ')}`);
      // A link cut short: the whole app says so on its setup, as before.
      const cut = await page(ctx, PHONE);
      pages.push(cut);
      await cut.page.goto(link.slice(0, link.indexOf('#table=') + 12));
      await cut.page.getByRole('alert').filter({ hasText: /damaged|cut short|broken/ }).waitFor({ timeout: 20000 });
      await cut.page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 20000 });
      assert((await modulesOf(cut.page)).join() === 'ono99-full', 'a broken link did not end in the whole app');
      await shot(cut.page, 'friendpage-broken-phone');
      for (const p of pages) assert(problemsOf(p).length === 0, `page problems: ${problemsOf(p).join('; ')}`);
    }),
  },
];
