// A stand-in always plays (issue 18): whenever a bot plays a friend's seat
// at an online table, its move comes, in every state of the match. Each
// case is forced by a fixed deal (`?seed=N`, found natively with the same
// engine and bots) and a scripted sequence, and ends with the match
// finished. Friends who must drop join over WebRTC in their own browser
// context; a stand-in chosen in the lobby needs no friend at all.

import { assert, assertClean, playOnline, shot } from './lib.mjs';
import { hostTable, join } from './online.mjs';

const over = (p) => p.getByRole('button', { name: 'Play again' }).count().then((n) => n > 0);

/** The host plays like a person (the first playable card, "Next hand" on
 *  a summary) until `until()`; bots and stand-ins play the other seats. */
const hostPlays = (p, until) => playOnline(p, [], until);

/** The actions of the host's save, as `seat:card` words. */
async function savedActions(p) {
  const save = await p.evaluate(() => localStorage.getItem('ono99.save') || '');
  const line = save.split('\n').find((l) => l.startsWith('actions')) || '';
  return line.split(' ').slice(1);
}

/** In the lobby: a bot plays for `name` from the start. */
async function standInFromLobby(host, name) {
  await host.page.getByRole('button', { name: `Let a bot play for ${name}` }).click();
  await host.page.getByRole('button', { name: 'Start game' }).and(host.page.locator(':enabled')).waitFor();
  await host.page.getByRole('button', { name: 'Start game' }).click();
  await host.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });
}

async function finish(ctx, host, label) {
  const moves = await hostPlays(host.page, () => over(host.page));
  const actions = await savedActions(host.page);
  const byAna = actions.filter((a) => a.startsWith('1:')).length;
  assert(byAna > 0, 'the stand-in never played');
  ctx.note(`stand-in, ${label}: the match finished (${actions.length} actions, ${byAna} for Ana's seat, ${moves} steps at the host's table)`);
  await assertClean(host.page, host.problems);
}

export const standInScenarios = [
  {
    // Seed 106: Ana is first to play; 22 actions, 6 of them the host's.
    name: 'stand-in: first to play in a hand (seed 106, a bot plays for Ana from the lobby); the match finishes',
    run: async (ctx) => {
      const host = await hostTable(ctx, 3, 1, { seed: 106 });
      try {
        await standInFromLobby(host, 'Ana');
        // Ana plays first in this deal: her stand-in's play is the first action.
        await host.page.waitForFunction(() => (localStorage.getItem('ono99.save') || '').includes('actions 1:'), null, { timeout: 20000 });
        await finish(ctx, host, 'first to play in the hand');
      } finally {
        await host.context.close().catch(() => {});
      }
    },
  },
  {
    name: "stand-in: Ana owes two plays and is already to play when the host clicks (seed 1, Play 2 onto her seat after she left); the match finishes",
    // Mostly waiting on connections and the game's clocks (under half a
    // core alone, measured): the light lane.
    light: true,
    run: async (ctx) => {
      const host = await hostTable(ctx, 3, 1, { seed: 1 });
      let ana;
      try {
        ana = await join(ctx, host, 'Ana', 'Zoë');
        await host.page.getByRole('button', { name: 'Start game' }).click();
        await ana.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });
        // The friend closes their tab; the host plays a Play 2 onto her seat.
        await ana.context.close();
        await host.page.getByText('Zoë is disconnected.').waitFor({ timeout: 20000 });
        await host.page.locator('.hand button.card-btn.playable[data-card="P2"]').first().click();
        await host.page.getByText('Owes 2 plays').first().waitFor({ timeout: 20000 });
        // Her turn has come: the host's table says she is playing.
        await host.page.getByText('Zoë is playing…').first().waitFor({ timeout: 20000 });
        const before = (await savedActions(host.page)).length;
        await shot(host.page, 'standin-owes-two-before');
        await host.page.getByRole('button', { name: 'Let a bot play for Zoë' }).click();
        // Her two plays come.
        await host.page.waitForFunction((n) => {
          const line = (localStorage.getItem('ono99.save') || '').split('\n').find((l) => l.startsWith('actions')) || '';
          return line.split(' ').slice(1 + n).filter((a) => a.startsWith('1:')).length >= 2;
        }, before, { timeout: 20000 });
        await shot(host.page, 'standin-owes-two-after');
        // Her seat's note wraps in a phone's narrow seat with each "·" kept
        // on the line of the word before it (issue 39: a lone "·" was left
        // on a line of its own).
        const note = host.page.locator('.felt .seat[data-seat="1"] .level');
        const said = await note.textContent();
        assert(/\u00a0· /.test(said) && !/ · /.test(said), `the seat's note can leave a "·" alone on a line: ${JSON.stringify(said)}`);
        const size = host.page.viewportSize();
        await host.page.setViewportSize({ width: 360, height: 640 });
        await shot(host.page, 'standin-seat-note-360');
        await host.page.setViewportSize(size);
        await finish(ctx, host, 'owing two plays, already to play at the click');
      } finally {
        await host.context.close().catch(() => {});
        if (ana) await ana.context.close().catch(() => {});
      }
    },
  },
  {
    // Seed 152: 4 hands, 123 actions, 14 of them the host's (seed 5, before:
    // 170 actions, 36 the host's).
    name: 'stand-in: after a hand summary (tokens, seed 152, 1 token each); the match finishes',
    run: async (ctx) => {
      const host = await hostTable(ctx, 3, 1, { seed: 152, tokens: 1 });
      try {
        await standInFromLobby(host, 'Ana');
        // To the first summary, on to the next hand: the stand-in plays on.
        await hostPlays(host.page, () => host.page.getByRole('button', { name: 'Next hand' }).count().then((n) => n > 0));
        const atSummary = (await savedActions(host.page)).length;
        await host.page.getByRole('button', { name: 'Next hand' }).click();
        await hostPlays(host.page, async () => (await savedActions(host.page)).slice(atSummary).some((a) => a.startsWith('1:')));
        await finish(ctx, host, 'after a hand summary');
      } finally {
        await host.context.close().catch(() => {});
      }
    },
  },
  {
    // Seed 106: the match goes on after 6 actions; 22 in all.
    name: 'stand-in: the host reloads mid-match (seed 106); the lobby keeps the bot for Ana and the match finishes',
    run: async (ctx) => {
      const host = await hostTable(ctx, 3, 1, { seed: 106 });
      try {
        await standInFromLobby(host, 'Ana');
        await hostPlays(host.page, async () => (await savedActions(host.page)).length >= 6);
        await host.page.reload();
        await host.page.getByRole('heading', { name: 'Invite your friends' }).waitFor({ timeout: 20000 });
        // The bot still plays for Ana: the match resumes without her.
        await host.page.getByRole('button', { name: 'Give the seat back to Ana' }).waitFor();
        const start = host.page.getByRole('button', { name: 'Resume the match' });
        assert(await start.isEnabled(), 'Resume waits for a seat a bot plays');
        await start.click();
        await host.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });
        await finish(ctx, host, 'after a host reload');
      } finally {
        await host.context.close().catch(() => {});
      }
    },
  },
  {
    // Seed 21: after her stand-in's first play and hers, the match goes on;
    // 17 actions in all (found natively; seed 10, before: 36).
    name: 'stand-in: given back to Ana, who rejoins, plays and drops again; a bot plays for her again and the match finishes (seed 21)',
    light: true,
    run: async (ctx) => {
      const host = await hostTable(ctx, 3, 1, { seed: 21 });
      const friends = [];
      try {
        let ana = await join(ctx, host, 'Ana', 'Zoë');
        friends.push(ana);
        await host.page.getByRole('button', { name: 'Start game' }).click();
        await ana.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });
        await ana.context.close();
        await host.page.getByText('Zoë is disconnected.').waitFor({ timeout: 20000 });
        await host.page.getByRole('button', { name: 'Let a bot play for Zoë' }).click();
        await hostPlays(host.page, async () => (await savedActions(host.page)).filter((a) => a.startsWith('1:')).length >= 1);
        // The seat back to Zoë, who is invited again and joins.
        await host.page.getByRole('button', { name: 'Give the seat back to Zoë' }).click();
        await host.page.getByRole('button', { name: 'Invite Zoë again' }).click();
        ana = await join(ctx, host, 'Zoë', 'Zoë');
        friends.push(ana);
        await ana.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });
        // She plays once at her turn (the host plays his own turns meanwhile).
        const start = (await savedActions(host.page)).length;
        await playOnline(host.page, [{ seat: 1, page: ana.page }], async () => (await savedActions(host.page)).slice(start).some((a) => a.startsWith('1:')));
        await host.page.waitForFunction((n) => {
          const line = (localStorage.getItem('ono99.save') || '').split('\n').find((l) => l.startsWith('actions')) || '';
          return line.split(' ').slice(1 + n).some((a) => a.startsWith('1:'));
        }, start, { timeout: 20000 });
        // The second drop.
        await ana.context.close();
        await host.page.getByText('Zoë is disconnected.').waitFor({ timeout: 20000 });
        await host.page.getByRole('button', { name: 'Let a bot play for Zoë' }).click();
        await finish(ctx, host, 'after give back and a second drop');
      } finally {
        await host.context.close().catch(() => {});
        for (const f of friends) await f.context.close().catch(() => {});
      }
    },
  },
  {
    // Seed 106: the match goes on after 4 actions, and Ana plays after the
    // seat is given back; 22 actions in all (seed 7, before: 60).
    name: 'stand-in: Ana joins while a bot plays for her; the seat is given back and her own clicks play it to the end (seed 106)',
    run: async (ctx) => {
      const host = await hostTable(ctx, 3, 1, { seed: 106 });
      let ana;
      try {
        await standInFromLobby(host, 'Ana');
        await hostPlays(host.page, async () => (await savedActions(host.page)).length >= 4);
        await host.page.getByRole('button', { name: 'Invite Ana again' }).click();
        ana = await join(ctx, host, 'Ana', 'Zoë');
        await ana.page.getByRole('region', { name: 'Table' }).waitFor({ timeout: 20000 });
        await host.page.getByRole('button', { name: 'Give the seat back to Zoë' }).click();
        // From now on only her clicks play her seat: it moves, so she was told.
        const given = (await savedActions(host.page)).length;
        await playOnline(host.page, [{ seat: 1, page: ana.page }], async () => (await savedActions(host.page)).slice(given).some((a) => a.startsWith('1:')));
        await playOnline(host.page, [{ seat: 1, page: ana.page }], () => over(host.page));
        await ana.page.getByRole('button', { name: 'Leave the table' }).first().waitFor({ timeout: 20000 });
        ctx.note('stand-in, given back to a connected friend: her own plays finished the match');
        await assertClean(host.page, host.problems);
        await assertClean(ana.page, ana.problems);
      } finally {
        await host.context.close().catch(() => {});
        if (ana) await ana.context.close().catch(() => {});
      }
    },
  },
  {
    // Seed 152: hand 1 ends on the play of Ana's stand-in; the match takes
    // 123 actions, 14 of them the host's (seed 3, before: 198, 76).
    name: "host reload with a tokens hand summary open after Ana's seat made the last play (seed 152): the match resumes with the summary and finishes",
    run: async (ctx) => {
      const host = await hostTable(ctx, 3, 1, { seed: 152, tokens: 1 });
      try {
        await standInFromLobby(host, 'Ana');
        await hostPlays(host.page, () => host.page.getByRole('button', { name: 'Next hand' }).count().then((n) => n > 0));
        const actions = await savedActions(host.page);
        assert(actions[actions.length - 1].startsWith('1:'), `the hand did not end on Ana's seat's play: ${actions.slice(-3)}`);
        await host.page.reload();
        // No "could not be read" notice: the lobby is back, then the summary.
        await host.page.getByRole('heading', { name: 'Invite your friends' }).waitFor({ timeout: 20000 });
        assert(await host.page.getByText(/could not be read/).count() === 0, 'the save was set aside as broken');
        await host.page.getByRole('button', { name: 'Resume the match' }).click();
        await host.page.getByRole('button', { name: 'Next hand' }).waitFor({ timeout: 20000 });
        await shot(host.page, 'standin-reload-summary');
        await finish(ctx, host, 'reloaded with the summary open');
      } finally {
        await host.context.close().catch(() => {});
      }
    },
  },
];
