// One table experience for host and friend (issue 36): a friend's picked
// card is held with Undo as at a solo table, a double tap plays one card
// (the second card of a Play 2 needs a tap of its own), and a friend's
// result is the host's: how they went out, their place, Review my plays
// and Replay of the match, and it waits for the host's next deal.

import { assert, assertClean, playOnline, shot } from './lib.mjs';
import { hostTable, join } from './online.mjs';
import { hostWithRelays, tableLink, friendJoins, connected, withRelays } from './link.mjs';
import { watcherComes } from './watch.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The actions of the host's save, as `seat:card` words. */
async function savedActions(p) {
  const save = await p.evaluate(() => localStorage.getItem('ono99.save') || '');
  const line = save.split('\n').find((l) => l.startsWith('actions')) || '';
  return line.split(' ').slice(1);
}

/** Waits until the host's save holds `n` actions of seat 1 (the friend's). */
async function friendActions(host, n) {
  await host.waitForFunction((n) => {
    const line = (localStorage.getItem('ono99.save') || '').split('\n').find((l) => l.startsWith('actions')) || '';
    return line.split(' ').slice(1).filter((a) => a.startsWith('1:')).length >= n;
  }, n, { timeout: 20000 });
  return (await savedActions(host)).filter((a) => a.startsWith('1:')).map((a) => a.slice(2));
}

/** The friend's playable cards, as their codes, in the hand's order. */
const playable = (p) => p.locator('.hand button.card-btn.playable').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-card')));

export const friendScenarios = [
  {
    // Seed 1, three players: the host plays first and holds a Play 2, and
    // the friend (seat 1) plays next, so the host's Play 2 makes her owe
    // two plays.
    name: "friend's table: a double tap on a Play 2 plays one card; the second is held with Undo and needs its own tap (seed 1, phone)",
    run: async (ctx) => {
      const host = await hostTable(ctx, 3, 1, { seed: 1 });
      let ana;
      try {
        ana = await join(ctx, host, 'Ana', 'Zoë', PHONE);
        await host.page.getByRole('button', { name: 'Start game' }).click();
        await ana.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });
        await host.page.locator('.hand button.card-btn.playable[data-card="P2"]').first().click();
        // Her turn, owing two plays: her page asks for them.
        const hand = ana.page.locator('.hand');
        await ana.page.locator('.hand button.card-btn.playable').first().waitFor({ timeout: 20000 });
        await ana.page.locator('.hand .prompt.urgent').waitFor();
        let cards = await playable(ana.page);
        assert(cards.length >= 2, `Zoë can play ${cards.length} cards`);
        // A person's double tap, 200 ms apart, where the first playable card
        // lies: that card goes, once. Before issue 36 the first tap played
        // it, and the second played whatever card took its place: both
        // cards of the Play 2.
        const at = await ana.page.locator('.hand .cards > li').evaluateAll((lis) => lis.findIndex((li) => li.querySelector('.card-btn.playable')));
        const place = ana.page.locator(`.hand .cards > li:nth-child(${at + 1}) button.card-btn`);
        await place.click();
        await ana.page.waitForTimeout(200);
        await place.click();
        const once = await friendActions(host.page, 1);
        assert(once[0] === cards[0], `the double tap played ${once[0]}, not ${cards[0]}`);
        // Still her turn (the second of two plays). A tap holds the card up
        // with Undo; Undo keeps it in the hand.
        const plyOf = () => ana.page.evaluate(() => Number(document.querySelector('.total[aria-label]')?.getAttribute('data-ply')));
        await ana.page.waitForFunction(() => Number(document.querySelector('.total[aria-label]')?.getAttribute('data-ply')) >= 2, null, { timeout: 20000 });
        assert(await plyOf() === 2, `the double tap played both cards of the Play 2: ${(await savedActions(host.page)).join(' ')}`);
        await ana.page.locator('.hand button.card-btn.playable').first().waitFor({ timeout: 20000 });
        cards = await playable(ana.page);
        const held = ana.page.locator(`.hand button.card-btn.playable[data-card="${cards[0]}"]`).first();
        await held.click();
        await ana.page.locator('.hand .slot.held').waitFor();
        const undo = hand.getByRole('button', { name: 'Undo' });
        await undo.waitFor();
        await shot(ana.page, 'friend-undo-phone');
        await undo.click();
        await undo.waitFor({ state: 'detached' });
        assert(await ana.page.locator('.hand .slot.held').count() === 0, 'a card is still held after Undo');
        // Another card, tapped on purpose: held, and a second tap plays it.
        const other = cards.find((c) => c !== cards[0]) ?? cards[0];
        const second = ana.page.locator(`.hand button.card-btn.playable[data-card="${other}"]`).first();
        await second.click();
        await hand.getByRole('button', { name: 'Undo' }).waitFor();
        await second.click();
        const both = await friendActions(host.page, 2);
        // The double-tapped card, then the one tapped on purpose: the
        // double tap sent nothing more, and the undone card stayed.
        assert(JSON.stringify(both) === JSON.stringify([once[0], other]), `Zoë's seat played ${both.join(', ')}, not ${once[0]} then ${other}`);
        assert(await ana.page.getByText('The host did not accept that move.').count() === 0, 'a refusal shows');
        await shot(ana.page, 'friend-after-play-two-phone');
        ctx.note(`a friend's double tap on a Play 2: ${both.join(' then ')}`);
        await assertClean(ana.page, ana.problems);
        await assertClean(host.page, host.problems);
      } finally {
        if (ana) await ana.context.close().catch(() => {});
        await host.context.close().catch(() => {});
      }
    },
  },
  {
    // No seed: the host seals the deal, and reveals it (the match's share
    // code) at the end, which the friends' pages replay and review.
    name: "friend's table: a friend's result is the host's: how they went out, their place, Review my plays and Replay; it waits for the host's next deal (phone and desktop)",
    run: (ctx) => withRelays({}, async (relays, pages) => {
      const host = await hostWithRelays(ctx, [relays.trackerUrl, relays.brokerUrl], 3, 2, DESKTOP, async () => {}, 'app/');
      pages.push(host);
      const link = await tableLink(host);
      const friends = [];
      // Each seat goes by the name its friend typed (issue 36).
      for (const [name, viewport] of [['Zoë', PHONE], ['Yann', DESKTOP]]) {
        const { guest } = await friendJoins(ctx, link, name, viewport);
        pages.push(guest);
        friends.push(guest);
        await connected(host, name);
      }
      await host.page.getByRole('button', { name: 'Start game' }).click();
      for (const g of friends) await g.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });
      const over = async () => (await host.page.getByRole('button', { name: 'Play again' }).count()) > 0;
      await playOnline(host.page, [{ seat: 1, page: friends[0].page }, { seat: 2, page: friends[1].page }], over);
      let outs = 0;
      for (const [g, size] of [[friends[0], 'phone'], [friends[1], 'desktop']]) {
        const dialog = g.page.getByRole('dialog');
        // The verdict comes with the share code: Review and Replay with it.
        await dialog.getByText('Deal verified', { exact: false }).waitFor({ timeout: 20000 });
        await dialog.getByText(/^You finished (1st|2nd|3rd) of 3\.$/).waitFor();
        const won = await dialog.getByRole('heading', { name: 'You win the match!' }).count() > 0;
        // Out of the hand that decided the match: said with its arithmetic.
        if (!won) {
          await dialog.getByText(/^You're out at /).waitFor();
          outs++;
        }
        await dialog.getByRole('button', { name: 'Review my plays' }).waitFor();
        await dialog.getByRole('button', { name: 'Replay' }).waitFor();
        await dialog.getByRole('button', { name: 'Leave the table' }).waitFor();
        const primary = dialog.locator('.btn.primary');
        assert(/^Waiting for .+ to deal again$/.test(await primary.textContent()), `the result's first button is "${await primary.textContent()}"`);
        await shot(g.page, `friend-result-${size}`);
      }
      assert(outs >= 1, 'neither friend went out');
      // Zoë reviews her plays, then closes the review: her result is back.
      const zoe = friends[0].page;
      await zoe.getByRole('dialog').getByRole('button', { name: 'Review my plays' }).click();
      await zoe.getByRole('heading', { name: 'Review of your plays' }).waitFor();
      await zoe.locator('.review-summary, .review p').first().waitFor();
      await shot(zoe, 'friend-review-phone');
      await zoe.getByRole('button', { name: 'Close' }).click();
      await zoe.getByRole('dialog').getByRole('button', { name: 'Replay' }).waitFor();
      // Yann replays the match from his seat, its deal checked again.
      const yann = friends[1].page;
      await yann.getByRole('dialog').getByRole('button', { name: 'Replay' }).click();
      await yann.getByRole('heading', { name: 'Replay of the match' }).waitFor();
      await yann.getByRole('status').filter({ hasText: 'Deal verified' }).first().waitFor();
      await shot(yann, 'friend-replay-desktop');
      await yann.getByRole('button', { name: 'Close' }).click();
      // Zoë waits for the next deal at the table; the result opens again.
      await zoe.getByRole('dialog').locator('.btn.primary').click();
      await zoe.getByRole('status').filter({ hasText: /Waiting for .+ to deal again/ }).waitFor();
      await zoe.getByRole('button', { name: 'Show the result' }).waitFor();
      await shot(zoe, 'friend-waiting-phone');
      // The host deals again: both friends are at the new match's table.
      await host.page.getByRole('button', { name: 'Play again' }).click();
      for (const g of friends) {
        await g.page.getByRole('dialog').waitFor({ state: 'detached', timeout: 20000 });
        await g.page.getByText(/started a new match/).waitFor({ timeout: 20000 });
      }
      ctx.note(`a friend's result: ${outs} of 2 friends told how they went out`);
      for (const p of pages) assert(p.problems.length === 0, `page problems: ${p.problems.join('; ')}`);
    }),
  },
  {
    // No seed: the deal is sealed before a watcher comes, who checks every
    // card it saw against the seed but added no share.
    name: "friend's table: a watcher who came after the deal reads its verdict in plain words, and may replay the match but has no place or review (phone)",
    run: (ctx) => withRelays({}, async (relays, pages) => {
      const host = await hostWithRelays(ctx, [relays.trackerUrl, relays.brokerUrl], 3, 1, DESKTOP, async () => {}, 'app/');
      pages.push(host);
      const link = await tableLink(host);
      const watchLink = await host.page.getByRole('textbox', { name: 'Watch link' }).inputValue();
      const { guest } = await friendJoins(ctx, link, 'Zoë');
      pages.push(guest);
      await connected(host, 'Zoë');
      await host.page.getByRole('button', { name: 'Start game' }).click();
      await guest.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });
      const watcher = await watcherComes(ctx, watchLink, PHONE);
      pages.push(watcher);
      const over = async () => (await host.page.getByRole('button', { name: 'Play again' }).count()) > 0;
      await playOnline(host.page, [{ seat: 1, page: guest.page }], over);
      const dialog = watcher.page.getByRole('dialog');
      await dialog.getByText("Deal verified: every card you saw came from the deal's seed. This page joined after the deal began, so it could not add its own share.").waitFor({ timeout: 20000 });
      await dialog.getByRole('button', { name: 'Replay' }).waitFor();
      assert(await dialog.getByRole('button', { name: 'Review my plays' }).count() === 0, 'a watcher is offered a review of plays it never made');
      assert(await dialog.getByText(/^You finished/).count() === 0, 'a watcher is given a place');
      const primary = dialog.locator('.btn.primary');
      assert(/^Waiting for .+ to deal again$/.test(await primary.textContent()), `the watcher's result's first button is "${await primary.textContent()}"`);
      await dialog.getByRole('button', { name: 'Leave', exact: true }).waitFor();
      await shot(watcher.page, 'friend-watcher-result-phone');
      for (const p of pages) assert(p.problems.length === 0, `page problems: ${p.problems.join('; ')}`);
    }),
  },
];
