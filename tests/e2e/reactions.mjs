// Quick reactions at an online table (issue 31): a host and two friends
// (three browser contexts, no bot, so nothing reacts but the people), seated
// by invite links and reply codes (online.mjs). A friend's reaction shows on
// the sender's seat on the host's page and the other friend's; a burst of
// ten clicks is cut to the rate (one goes); a muted seat shows nothing on
// the page that muted it. Each page counts the reactions it showed in the
// bar's `data-shown`; the scenario waits on what a person sees, never on a
// fixed sleep.

import { assert, assertClean, shot, audit } from './lib.mjs';
import { hostTable, join } from './online.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 780 };

/** How many reactions `p`'s page showed so far. */
async function shown(p) {
  return Number(await p.locator('section.reactions').getAttribute('data-shown'));
}

/** The bubble on seat `seat` of `p`'s table (saying `text`, if given):
 *  the seat's `data-reaction`, which the stylesheet draws. */
function bubble(p, seat, text) {
  const is = text === undefined ? '' : `="${text}"`;
  return p.locator(`.felt [data-seat="${seat}"][data-reaction${is}]`);
}

/** Opens `p`'s reactions panel (if closed). */
async function openPanel(p) {
  const toggle = p.getByRole('button', { name: 'Reactions', exact: true });
  if (await toggle.getAttribute('aria-expanded') !== 'true') await toggle.click();
  const panel = p.getByRole('group', { name: 'Reactions' });
  await panel.waitFor();
  await panel.scrollIntoViewIfNeeded();
}

/** Waits until `p`'s own next reaction may go (the panel stops waiting). */
async function ready(p) {
  await p.waitForFunction(() => !document.querySelector('section.reactions.cooling'), null, { timeout: 10000 });
}

export const reactionScenarios = [
  {
    name: 'online reactions: a friend\'s reaction shows on the sender\'s seat on every page, a burst of ten is cut to one, a muted seat stays quiet',
    // Mostly waiting on connections and the game's clocks (under half a
    // core alone, measured): the light lane.
    light: true,
    run: async (ctx) => {
      const host = await hostTable(ctx, 3, 2, { seed: 106 });
      const pages = [host];
      try {
        const zoe = await join(ctx, host, 'Ana', 'Zoë');
        pages.push(zoe);
        const yann = await join(ctx, host, 'Ben', 'Yann', PHONE);
        pages.push(yann);
        await host.page.getByRole('button', { name: 'Start game' }).click();
        for (const g of [zoe, yann]) await g.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });
        await host.page.getByRole('button', { name: 'Reactions', exact: true }).waitFor({ timeout: 20000 });

        // Zoë (seat 1) says Nice!: her seat shows it on the host's page
        // and on Yann's, and the host's screen reader hears it.
        await openPanel(zoe.page);
        await shot(zoe.page, 'reactions-panel-desktop');
        await audit(zoe.page, 'the reactions panel open');
        await zoe.page.getByRole('button', { name: 'Nice!' }).click();
        await bubble(zoe.page, 1, 'Nice!').waitFor();
        // Her buttons wait for the next two seconds.
        assert(await zoe.page.getByRole('button', { name: 'Nice!' }).getAttribute('aria-disabled') === 'true', 'the buttons do not show they wait');
        // (Each page's picture as soon as it shows: it goes in two seconds.)
        await bubble(host.page, 1, 'Nice!').waitFor({ timeout: 10000 });
        await shot(host.page, 'reactions-seat-desktop');
        await bubble(yann.page, 1, 'Nice!').waitFor({ timeout: 10000 });
        await shot(yann.page, 'reactions-seat-phone');
        await host.page.locator('.reactions .heard').filter({ hasText: 'Zoë: Nice!' }).waitFor();
        // About two seconds later the bubble is gone on every page.
        for (const p of pages) await bubble(p.page, 1).waitFor({ state: 'detached', timeout: 10000 });

        // An emoji's button is named by its words.
        await ready(zoe.page);
        await zoe.page.getByRole('button', { name: 'Thumbs up' }).click();
        await bubble(host.page, 1, '👍').waitFor({ timeout: 10000 });
        await bubble(host.page, 1).waitFor({ state: 'detached', timeout: 10000 });

        // A burst of ten clicks: one goes, nine are dropped at Zoë's page.
        await ready(zoe.page);
        const before = await shown(host.page);
        const good = zoe.page.getByRole('button', { name: 'Good game' });
        // Ten clicks in one go, as fast as a hand can: clicked by the page
        // itself, so the burst lasts well under the two seconds whatever
        // the machine's load (Playwright's clicks, one by one, may not).
        await good.evaluate((b) => { for (let i = 0; i < 10; i++) b.click(); });
        await bubble(host.page, 1, 'Good game').waitFor({ timeout: 10000 });
        // The next one allowed (after the wait) arrives after anything the
        // burst could have sent: only then is the count final.
        await ready(zoe.page);
        await zoe.page.getByRole('button', { name: 'Oops' }).click();
        await bubble(host.page, 1, 'Oops').waitFor({ timeout: 10000 });
        const after = await shown(host.page);
        assert(after - before === 2, `the host showed ${after - before} reactions of a burst of ten and one more (2 expected)`);
        ctx.note(`a burst of ten clicks: ${after - before - 1} reached the host`);

        // Yann mutes Zoë: her next reaction shows on the host's page, not
        // on his. The host's reaction after it (the same ordered channel)
        // shows on his page, so hers came and was dropped.
        await openPanel(yann.page);
        const mute = yann.page.getByRole('button', { name: 'Mute Zoë' });
        await mute.click();
        assert(await mute.getAttribute('aria-pressed') === 'true', 'the mute button is not pressed');
        await shot(yann.page, 'reactions-panel-phone');
        await audit(yann.page, 'the reactions panel open, at phone size');
        const yannBefore = await shown(yann.page);
        await ready(zoe.page);
        await zoe.page.getByRole('button', { name: 'On fire' }).click();
        await bubble(host.page, 1, '🔥').waitFor({ timeout: 10000 });
        await openPanel(host.page);
        await host.page.getByRole('button', { name: 'Wow' }).click();
        await bubble(yann.page, 0, '😮').waitFor({ timeout: 10000 });
        assert(await bubble(yann.page, 1).count() === 0, 'a muted seat shows its reaction');
        assert(await shown(yann.page) - yannBefore === 1, 'the muted reaction was counted as shown');
        for (const p of pages) await assertClean(p.page, p.problems);
      } finally {
        for (const p of pages) await p.context.close().catch(() => {});
      }
    },
  },
];
