// Pass-and-play: two people and a bot on one device. Between two people's
// turns a "Pass to <name>" screen hides every hand (no card button on the
// page) until the next person opens theirs; a reload on that screen comes
// back to it, never to a hand.
import { assert, assertClean, audit, openPage, setSpeed, shot } from './lib.mjs';

/** What the screen shows now: the pass screen, a dialog, or a hand. */
async function screenState(page) {
  return page.evaluate(() => {
    const pass = document.querySelector('.pass-screen h2');
    const dialog = document.querySelector('[role="dialog"]');
    const buttons = [...document.querySelectorAll('button')];
    return {
      pass: pass ? pass.textContent : null,
      dialog: dialog ? [...dialog.querySelectorAll('button')].map((b) => b.textContent) : null,
      cards: document.querySelectorAll('.hand button.card-btn').length,
      playNamed: buttons.filter((b) => /^Play /.test(b.getAttribute('aria-label') || b.textContent) && b.closest('.hand')).length,
      playable: [...document.querySelectorAll('.hand button.card-btn.playable')].map((b) => b.getAttribute('aria-label')),
      four: !!document.querySelector('.hand button.four-ono'),
      holder: (document.querySelector('.me .name') || {}).textContent || null,
    };
  });
}

async function waitForSomething(page) {
  await page.waitForFunction(
    () => document.querySelector('.pass-screen') || document.querySelector('[role="dialog"]')
      || document.querySelector('.hand button.card-btn.playable') || document.querySelector('.hand button.four-ono'),
    null,
    { timeout: 60000, polling: 50 },
  );
}

export const passPlayScenarios = [
  {
    // Seed 106 (Ada, Bea and an Easy bot, both people play their first
    // playable card), found natively: 13 plays by the people, 6 pass
    // screens each, a pass screen to reload on after one of Bea's.
    name: 'pass-and-play: two people and a bot; every hand hidden between the people\'s turns (seed 106)',
    run: async (ctx) => {
      const { context, page, problems } = await openPage(ctx.browser, ctx.server, { viewport: { width: 1280, height: 800 } });
      try {
        // The reload below keeps the query: the first game after it is dealt from the seed.
        await page.goto(`${ctx.server.url}?seed=106`, { waitUntil: 'load' });
        await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
        await page.getByLabel('Number of players', { exact: true }).selectOption('3');
        await page.getByLabel('Your name', { exact: true }).fill('Ada');
        // Seat 2 becomes a person: its row now says so, by the seat's number.
        await page.locator('#seat-level-2').selectOption('person');
        assert(await page.getByLabel('Player 2 name', { exact: true }).count() === 1, 'seat 2 is not labelled "Player 2 name"');
        assert(await page.getByLabel('Bot 3 name', { exact: true }).count() === 1, 'seat 3 is not labelled "Bot 3 name"');
        // Who plays a seat is labelled by the seat, never "Bot 2 level: Person".
        assert(await page.getByLabel('Who plays seat 2', { exact: true }).inputValue() === 'person', 'seat 2\'s chooser is not "Who plays seat 2"');
        assert(await page.getByLabel('Who plays seat 3', { exact: true }).count() === 1, 'seat 3\'s chooser is not "Who plays seat 3"');
        await page.locator('#seat-name-2').fill('Bea');
        await page.locator('#seat-level-3').selectOption('easy');
        await setSpeed(page, 'instant');
        // The person seat is remembered with the setup.
        await page.reload({ waitUntil: 'load' });
        await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15000 });
        assert(await page.locator('#seat-level-2').inputValue() === 'person', 'the person seat was not remembered');
        assert(await page.locator('#seat-name-2').inputValue() === 'Bea', 'the person\'s name was not remembered');
        await page.getByRole('button', { name: 'Start game' }).click();

        const passes = { Ada: 0, Bea: 0 };
        let shown = null; // whose hand was last on screen
        let audited = false;
        let reloaded = false;
        let plays = 0;
        for (let step = 0; step < 3000; step++) {
          await waitForSomething(page);
          const s = await screenState(page);
          if (s.pass) {
            const who = /Pass to (\w+)/.exec(s.pass);
            assert(who && who[1] in passes, `pass screen for whom? "${s.pass}"`);
            assert(s.cards === 0 && s.playNamed === 0, `a hand is on the page behind the pass screen (${s.cards} cards)`);
            assert(s.holder === null, 'the seat name of a hand is showing behind the pass screen');
            if (!audited) {
              await shot(page, 'pass-screen-desktop');
              await audit(page, 'pass screen');
              audited = true;
            }
            if (!reloaded && passes.Bea > 0) {
              // A reload on the pass screen comes back to it.
              await page.reload({ waitUntil: 'load' });
              await page.locator('.pass-screen').waitFor({ timeout: 15000 });
              const again = await screenState(page);
              assert(again.pass === s.pass, `after a reload: "${again.pass}" instead of "${s.pass}"`);
              assert(again.cards === 0, 'a reload on the pass screen showed a hand');
              reloaded = true;
            }
            passes[who[1]]++;
            await page.getByRole('button', { name: `I am ${who[1]}: show my cards` }).click();
            await page.locator('.hand').waitFor();
            const after = await screenState(page);
            assert(after.holder === who[1], `after the pass button the hand of ${after.holder} shows, not ${who[1]}'s`);
            shown = who[1];
            continue;
          }
          if (s.dialog) {
            if (s.dialog.includes('Play again')) break;
            if (s.dialog.includes('Next hand')) {
              await page.getByRole('button', { name: 'Next hand' }).click();
              continue;
            }
            throw new Error(`unexpected dialog: ${s.dialog.join(', ')}`);
          }
          // A person's turn: it must be the one whose hand was opened.
          assert(s.holder === shown, `${s.holder}'s hand shows without the pass screen (last opened: ${shown})`);
          const logLen = await page.locator('.log li li').count();
          if (s.playable.length) {
            await page.getByRole('button', { name: s.playable[0], exact: true }).and(page.locator('.playable')).first().click();
          } else if (s.four) {
            await page.locator('.hand button.four-ono').click();
          }
          plays++;
          // The play takes effect (its call-out, then maybe a pass screen
          // or the result) before the next look at the screen.
          await page.waitForFunction(
            (n) => document.querySelector('.pass-screen') || document.querySelector('[role="dialog"]')
              || document.querySelectorAll('.log li li').length !== n,
            logLen,
            { timeout: 10000, polling: 50 },
          );
        }
        const end = await screenState(page);
        assert(end.dialog && end.dialog.includes('Play again'), 'the match did not finish');
        assert(passes.Ada >= 1 && passes.Bea >= 2, `too few pass screens: ${JSON.stringify(passes)}`);
        assert(reloaded, 'never reloaded on a pass screen');
        ctx.note(`pass-and-play: ${plays} plays, pass screens ${JSON.stringify(passes)}`);
        await assertClean(page, problems);
      } catch (err) {
        await page.screenshot({ path: `test-results/failure-${ctx.current}.png` }).catch(() => {});
        throw err;
      } finally {
        await context.close();
      }
    },
  },
];
