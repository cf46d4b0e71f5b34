//! Your cards on the table: the rules' verdict on each (playable, or why
//! not) on your turn, the card drawn since your last play, and the coach's
//! hints when they are on (the total each card makes, its pick, and one
//! tip for the turn with the reason worth saying). From the seat's view
//! alone: any match consistent with it answers the same for the seat's
//! own cards, so a friend's page judges exactly as the host's engine does.

use crate::bots::coach;
use crate::rules::{Action, Card, PlayerView, Rng, RuleError, Seat};

/// Whether a card may be played now.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    Playable,
    /// Not on this turn, and why.
    Unplayable(RuleError),
    /// It is someone else's turn.
    Resting,
}

/// The coach's hint on a playable card.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Hints {
    /// The total the card would make.
    pub makes: i32,
    /// The chance (0 to 1) that whoever plays next is then stuck.
    pub next_stuck: f64,
    /// The next play is this seat's own (the second of two).
    pub next_is_me: bool,
    /// The coach would play this card.
    pub pick: bool,
}

/// From this chance on (in percent) the next player being stuck is worth
/// saying in the tip: below it, it is noise ("stuck: 0%" on most turns).
pub const STUCK_WORTH_SAYING: u8 = 25;

/// The coach's tip for the turn: the action it would take, where the total
/// goes, and the one reason worth saying.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Tip {
    /// A card to play, or the four-ONO discard.
    pub action: Action,
    /// The total before and after it.
    pub before: i32,
    pub total: i32,
    /// It is the only legal action.
    pub only: bool,
    pub then: Then,
}

/// What the coach's pick does to whoever plays after it, when it is worth
/// saying (the first that applies, in this order).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Then {
    /// The next player is stuck with this chance (at least
    /// [`STUCK_WORTH_SAYING`] percent); `certain`: whatever they hold.
    NextStuck {
        seat: Seat,
        percent: u8,
        certain: bool,
    },
    /// A Play 2 on another seat: they must play twice.
    PlaysTwice { seat: Seat },
    /// Your own second play: a card you keep can surely follow.
    SecondPlaySafe,
    /// Nothing about the next player worth a word.
    Nothing,
}

impl Tip {
    /// The tip for `pick`, from the advice on every legal action.
    fn new(pick: Action, advice: &[coach::Advice], before: i32) -> Option<Tip> {
        let a = advice.iter().find(|a| a.action == pick)?;
        let percent = (a.next_stuck * 100.0).round().clamp(0.0, 100.0) as u8;
        let then = match a.next {
            Some(seat) if !a.next_is_me && percent >= STUCK_WORTH_SAYING => Then::NextStuck {
                seat,
                percent,
                certain: a.next_stuck >= 1.0 - 1e-9,
            },
            Some(seat) if !a.next_is_me && pick == Action::Play(Card::PlayTwo) => {
                Then::PlaysTwice { seat }
            }
            Some(_) if a.next_is_me && a.next_stuck <= 0.0 => Then::SecondPlaySafe,
            _ => Then::Nothing,
        };
        Some(Tip {
            action: pick,
            before,
            total: a.total,
            only: advice.len() == 1,
            then,
        })
    }
}

/// One card of the hand.
#[derive(Clone, PartialEq, Debug)]
pub struct Slot {
    pub card: Card,
    pub verdict: Verdict,
    /// Drawn since the seat's last play.
    pub fresh: bool,
    /// The coach's hint (hints on, your turn, a playable card).
    pub hints: Option<Hints>,
}

/// The seed the hidden cards are imagined from: any will do, the verdicts
/// on the seat's own cards do not depend on them.
const JUDGE_SEED: u64 = 0x0E57;

/// The slots of `view`'s hand and whether the four-ONO discard is allowed,
/// on the seat's turn (`my_turn`) or at rest. With `hints`, the coach's
/// advice on each card, its pick ([`coach::pick`], from that same advice,
/// so the ★ never contradicts what the coach says) and its tip for the turn.
pub fn judge(
    view: &PlayerView,
    my_turn: bool,
    fresh: Option<Card>,
    hints: bool,
) -> (Vec<Slot>, bool, Option<Tip>) {
    let judge = my_turn
        .then(|| view.determinize(&mut Rng::new(JUDGE_SEED)))
        .flatten();
    let (advice, pick) = match &judge {
        Some(m) if hints => {
            let legal = m.legal_actions();
            // The same deal as the verdicts: the advice does not depend on it.
            let advice = coach::advise_on(view, m, &legal);
            let pick = coach::pick(&advice);
            (advice, pick)
        }
        _ => (Vec::new(), None),
    };
    let fresh_at = fresh.and_then(|c| view.hand.iter().rposition(|&h| h == c));
    // Two cards alike: the first is the one marked as the pick.
    let pick_at = match pick {
        Some(Action::Play(c)) => view.hand.iter().position(|&h| h == c),
        _ => None,
    };
    let slots = view
        .hand
        .iter()
        .enumerate()
        .map(|(i, &card)| {
            let action = Action::Play(card);
            let verdict = match &judge {
                Some(m) => match m.check(action) {
                    Ok(()) => Verdict::Playable,
                    Err(e) => Verdict::Unplayable(e),
                },
                None => Verdict::Resting,
            };
            let hints = advice.iter().find(|a| a.action == action).map(|a| Hints {
                makes: a.total,
                next_stuck: a.next_stuck,
                next_is_me: a.next_is_me,
                pick: pick_at == Some(i),
            });
            Slot {
                card,
                verdict,
                fresh: fresh_at == Some(i),
                hints,
            }
        })
        .collect();
    let four_ono = judge
        .as_ref()
        .is_some_and(|m| m.check(Action::DiscardFourOno).is_ok());
    let tip = pick.and_then(|p| Tip::new(p, &advice, view.total));
    (slots, four_ono, tip)
}
