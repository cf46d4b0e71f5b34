//! Learn to play, the pure part: the guided first game's table and deal,
//! and when each coach mark is due (the total, Reverse, −10, Play 2, the
//! ONO 99 card and the four-ONO discard, going out), judged from your
//! seat's view and the log. The marks' texts and the coach card are the
//! UI's (`ui::screens::coach`); here they are tested natively, with the
//! guided game played through (`tests/learn.rs`).

use crate::bots::Level;
use crate::play::setup::{bot, GameSetup, Speed};
use crate::rules::{Card, Event, PlayerView, RuleSet};

/// The deal of the guided game, found natively (`tests/learn.rs`,
/// `find_seed`): you play first; every mark comes up, in the order the
/// browser test expects; playing the coach's pick (★) every turn wins,
/// whatever way the bots break their ties (the −10 it keeps saves you at
/// 98), while always playing the first playable card, or the highest,
/// loses.
pub const LEARN_SEED: u64 = 9_874;

/// The guided game's table: you and two Medium bots, modern rules. Medium
/// plays by a fixed score (its random stream only breaks exact ties), so
/// the guided game follows the same course whenever the coach is followed,
/// and can be checked line by line; an Easy bot's random choices could not
/// be (some of its many lines beat any player).
pub fn learn_setup(player_name: &str) -> GameSetup {
    GameSetup {
        player_name: player_name.to_string(),
        others: (0..2).map(|i| bot(i, Level::Medium)).collect(),
        rules: RuleSet::modern(),
        speed: Speed::Normal,
    }
}

/// One coach mark, in the order they may appear.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mark {
    Total,
    Reverse,
    PlayTwo,
    MinusTen,
    NinetyNine,
    FourOno,
    Out,
    Done,
}

impl Mark {
    pub const ALL: [Mark; 8] = [
        Mark::Total,
        Mark::Reverse,
        Mark::PlayTwo,
        Mark::MinusTen,
        Mark::NinetyNine,
        Mark::FourOno,
        Mark::Out,
        Mark::Done,
    ];

    fn index(self) -> usize {
        Mark::ALL.iter().position(|&m| m == self).unwrap_or(0)
    }

    /// The mark's name for styling: while it shows, the card it explains
    /// glows in your hand (`data-coach` on the game).
    pub fn name(self) -> &'static str {
        match self {
            Mark::Total => "total",
            Mark::Reverse => "reverse",
            Mark::PlayTwo => "play-two",
            Mark::MinusTen => "minus-ten",
            Mark::NinetyNine => "ninety-nine",
            Mark::FourOno => "four-ono",
            Mark::Out => "out",
            Mark::Done => "done",
        }
    }
}

/// The marks already shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Seen(u16);

impl Seen {
    pub fn has(self, m: Mark) -> bool {
        self.0 & (1 << m.index()) != 0
    }
    pub fn with(self, m: Mark) -> Seen {
        Seen(self.0 | (1 << m.index()))
    }
}

/// The mark to show now, if any: the first one not seen whose moment has
/// come, judged from your seat's view and the log. The wrap-up
/// ([`Mark::Done`]) is never due during play: it belongs to the guided
/// game's result, once the game is over.
pub fn due(seen: Seen, view: &PlayerView, log: &[Event], my_turn: bool) -> Option<Mark> {
    let holds = |c: Card| view.hand.contains(&c);
    let played = |c: Card| {
        log.iter()
            .any(|e| matches!(e, Event::Played { card, .. } if *card == c))
    };
    let someone_owes = log
        .iter()
        .any(|e| matches!(e, Event::ObligationPlaced { .. }));
    let someone_out = log.iter().any(|e| matches!(e, Event::PlayerOut { .. }));
    Mark::ALL.into_iter().find(|&m| {
        !seen.has(m)
            && match m {
                Mark::Total => true,
                Mark::Reverse => (my_turn && holds(Card::Reverse)) || played(Card::Reverse),
                Mark::PlayTwo => (my_turn && holds(Card::PlayTwo)) || someone_owes,
                Mark::MinusTen => (my_turn && holds(Card::MinusTen)) || played(Card::MinusTen),
                Mark::NinetyNine => my_turn && holds(Card::NinetyNine),
                Mark::FourOno => seen.has(Mark::NinetyNine),
                Mark::Out => someone_out || (my_turn && view.total >= 80),
                Mark::Done => false,
            }
    })
}
