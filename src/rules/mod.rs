//! The rules of ONO 99 (`docs/rules.md`): both editions, every option,
//! 2–8 seats, all three match formats. Pure Rust: no browser, no global RNG.

pub mod card;
pub mod error;
pub mod event;
pub mod game;
pub mod options;
pub mod played;
pub mod record;
pub mod replayer;
pub mod rng;
pub mod seat;
pub mod seat_event;
pub mod view;

pub use card::{parse_cards, Card, CardCounts, Edition};
pub use error::{RuleError, SetupError};
pub use event::Event;
pub use game::{
    card_outcome, Action, Match, Outcome, Position, Preview, ToAct, TurnStep, HAND_SIZE,
};
pub use options::{
    Format, LoseAt, Negatives, NinetyNine, OptionError, PointsEnd, RuleOption, RuleSet,
};
pub use played::Played;
pub use record::{replay, GameRecord, RecordError};
pub use replayer::{DoesNotReplay, Replayed, Replayer};
pub use rng::Rng;
pub use seat::{Direction, PerSeat, Seat, SeatMap, SeatSet};
pub use seat_event::{redact, SeatEvent};
pub use view::{PlayerView, PublicSeat};
