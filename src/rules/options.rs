//! Rule sets: the two presets and every option of docs/rules.md §8, under the
//! names used by the command line, game records and the setup screen.

use super::card::Edition;
use serde::{Deserialize, Serialize};
use std::fmt;

/// `negatives`: what Minus Ten may do to the total.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Negatives {
    /// Minus Ten is illegal when it would take the total below 0.
    Forbid,
    /// Minus Ten is always legal; the total may go negative.
    Allow,
    /// Minus Ten is always legal; the total stops at 0.
    Floor,
}

/// `ninety_nine`: what the 99 card does.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum NinetyNine {
    /// Never playable.
    Dead,
    /// Playable as a Hold when the total is a multiple of ten, once a turn.
    DeadButTens,
    /// Sets the total to 99.
    Sets99,
}

/// `lose_at`: which totals are out of bounds.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum LoseAt {
    /// A play that makes the total 99 or more is illegal.
    Reach99,
    /// Only a total of 100 or more is illegal.
    Exceed99,
}

impl LoseAt {
    /// The highest total a play may make.
    pub fn highest(self) -> i32 {
        match self {
            LoseAt::Reach99 => 98,
            LoseAt::Exceed99 => 99,
        }
    }
}

/// `format`: how hands make up a match.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Format {
    Elimination,
    Tokens,
    Points,
}

/// `points_end`: how a `points` match ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum PointsEnd {
    /// A player reaching the limit leaves; the last one in wins.
    Knockout,
    /// The match ends when anyone reaches the limit; the lowest score wins.
    Lowest,
}

/// Gives an option enum its §8 value names: `name()`, `from_name()`, `NAMES`,
/// and serde under those names. Records are read with the same names plus the
/// spellings earlier versions wrote (`old` names, never written again).
macro_rules! option_names {
    ($ty:ident $option:path {
        $($variant:ident => $name:literal $(| old $old:literal)*),+ $(,)?
    }) => {
        impl $ty {
            /// Every value, as listed in docs/rules.md §8.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];
            /// The allowed values, for error messages.
            pub const NAMES: &'static str = concat!($($name, " "),+);
            /// The value's name in records, the CLI and the setup screen.
            pub fn name(self) -> &'static str {
                match self { $($ty::$variant => $name),+ }
            }
            /// The value with this §8 name.
            pub fn from_name(name: &str) -> Option<Self> {
                match name { $($name => Some($ty::$variant),)+ _ => None }
            }
            /// As [`Self::from_name`], also taking the spellings that records
            /// written by earlier versions used.
            pub fn from_record_name(name: &str) -> Option<Self> {
                match name { $($name $(| $old)* => Some($ty::$variant),)+ _ => None }
            }
        }

        impl Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let value = String::deserialize(d)?;
                $ty::from_record_name(&value).ok_or_else(|| {
                    serde::de::Error::custom(OptionError::BadValue {
                        option: $option,
                        value,
                        allowed: $ty::NAMES,
                    })
                })
            }
        }
    };
}

option_names!(Negatives RuleOption::Negatives { Forbid => "forbid", Allow => "allow", Floor => "floor" });
option_names!(NinetyNine RuleOption::NinetyNine {
    Dead => "dead",
    DeadButTens => "dead_but_tens",
    Sets99 => "sets_99" | old "sets99",
});
option_names!(LoseAt RuleOption::LoseAt {
    Reach99 => "reach_99" | old "reach99",
    Exceed99 => "exceed_99" | old "exceed99",
});
option_names!(Format RuleOption::Format {
    Elimination => "elimination",
    Tokens => "tokens",
    Points => "points",
});
option_names!(PointsEnd RuleOption::PointsEnd { Knockout => "knockout", Lowest => "lowest" });

/// A complete rule set: the edition and every option, all explicit.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    pub edition: Edition,
    pub negatives: Negatives,
    pub ninety_nine: NinetyNine,
    pub lose_at: LoseAt,
    pub four_ono_discard: bool,
    pub format: Format,
    pub tokens: u8,
    pub points_limit: u32,
    pub points_end: PointsEnd,
}

/// One rule option of docs/rules.md §8 (the edition aside), so code that
/// names an option (the setup screen, its translations, errors) names one
/// that exists.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum RuleOption {
    Negatives,
    NinetyNine,
    LoseAt,
    FourOnoDiscard,
    Format,
    Tokens,
    PointsLimit,
    PointsEnd,
}

impl RuleOption {
    /// Every option, in the order the setup screen shows them.
    pub const ALL: [RuleOption; 8] = [
        RuleOption::Negatives,
        RuleOption::NinetyNine,
        RuleOption::LoseAt,
        RuleOption::FourOnoDiscard,
        RuleOption::Format,
        RuleOption::Tokens,
        RuleOption::PointsLimit,
        RuleOption::PointsEnd,
    ];

    /// The option's §8 name, as records, the CLI and the setup screen write it.
    pub fn name(self) -> &'static str {
        OPTION_NAMES[self as usize]
    }

    /// The option with this §8 name.
    pub fn from_name(name: &str) -> Option<RuleOption> {
        RuleOption::ALL.into_iter().find(|o| o.name() == name)
    }
}

impl fmt::Display for RuleOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The option names of docs/rules.md §8, in the order the setup screen
/// shows them (and of [`RuleOption::ALL`]).
pub const OPTION_NAMES: [&str; 8] = [
    "negatives",
    "ninety_nine",
    "lose_at",
    "four_ono_discard",
    "format",
    "tokens",
    "points_limit",
    "points_end",
];

const TOKENS_RANGE: &str = "a whole number from 1 to 9";
const POINTS_RANGE: &str = "a whole number from 1 to 100000";

/// A rule option that does not exist or a value it cannot take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    #[error("unknown rule option '{0}' (options: {names})", names = OPTION_NAMES.join(", "))]
    UnknownOption(String),
    #[error("option '{option}' cannot be '{value}' (allowed: {})", allowed.trim_end())]
    BadValue {
        option: RuleOption,
        value: String,
        allowed: &'static str,
    },
    #[error("'{0}' is not name=value")]
    NotAnAssignment(String),
    #[error("unknown edition '{0}' (modern or classic)")]
    UnknownEdition(String),
}

impl RuleSet {
    /// The 2022 Mattel game: 112 cards, one hand to the last player standing.
    pub fn modern() -> Self {
        RuleSet {
            edition: Edition::Modern,
            negatives: Negatives::Forbid,
            ninety_nine: NinetyNine::Dead,
            lose_at: LoseAt::Reach99,
            four_ono_discard: true,
            format: Format::Elimination,
            tokens: 3,
            points_limit: 500,
            points_end: PointsEnd::Knockout,
        }
    }

    /// The 1980 game: 54 cards, negatives, three tokens each.
    pub fn classic() -> Self {
        RuleSet {
            edition: Edition::Classic,
            negatives: Negatives::Allow,
            four_ono_discard: false,
            format: Format::Tokens,
            ..RuleSet::modern()
        }
    }

    /// A preset by name.
    ///
    /// # Errors
    /// [`OptionError::UnknownEdition`] for anything but `modern` or `classic`.
    pub fn preset(name: &str) -> Result<Self, OptionError> {
        match name {
            "modern" => Ok(RuleSet::modern()),
            "classic" => Ok(RuleSet::classic()),
            other => Err(OptionError::UnknownEdition(other.to_string())),
        }
    }

    /// Sets one option from its §8 name and text value.
    ///
    /// # Errors
    /// An unknown name or a value outside the option's range; `self` is unchanged.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let option = RuleOption::from_name(name)
            .ok_or_else(|| OptionError::UnknownOption(name.to_string()))?;
        self.set_option(option, value)
    }

    /// Sets one option from its text value.
    ///
    /// # Errors
    /// A value outside the option's range; `self` is unchanged.
    pub fn set_option(&mut self, option: RuleOption, value: &str) -> Result<(), OptionError> {
        let bad = |allowed: &'static str| OptionError::BadValue {
            option,
            value: value.to_string(),
            allowed,
        };
        match option {
            RuleOption::Negatives => {
                self.negatives = Negatives::from_name(value).ok_or_else(|| bad(Negatives::NAMES))?
            }
            RuleOption::NinetyNine => {
                self.ninety_nine =
                    NinetyNine::from_name(value).ok_or_else(|| bad(NinetyNine::NAMES))?
            }
            RuleOption::LoseAt => {
                self.lose_at = LoseAt::from_name(value).ok_or_else(|| bad(LoseAt::NAMES))?
            }
            RuleOption::FourOnoDiscard => {
                self.four_ono_discard = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(bad("true, false")),
                }
            }
            RuleOption::Format => {
                self.format = Format::from_name(value).ok_or_else(|| bad(Format::NAMES))?
            }
            RuleOption::Tokens => {
                self.tokens = match value.parse::<u8>() {
                    Ok(n) if (1..=9).contains(&n) => n,
                    _ => return Err(bad(TOKENS_RANGE)),
                }
            }
            RuleOption::PointsLimit => {
                self.points_limit = match value.parse::<u32>() {
                    Ok(n) if (1..=100_000).contains(&n) => n,
                    _ => return Err(bad(POINTS_RANGE)),
                }
            }
            RuleOption::PointsEnd => {
                self.points_end =
                    PointsEnd::from_name(value).ok_or_else(|| bad(PointsEnd::NAMES))?
            }
        }
        Ok(())
    }

    /// Applies a `name=value` assignment.
    ///
    /// # Errors
    /// As [`RuleSet::set`], or text without `=`.
    pub fn set_assignment(&mut self, assignment: &str) -> Result<(), OptionError> {
        let (name, value) = assignment
            .split_once('=')
            .ok_or_else(|| OptionError::NotAnAssignment(assignment.to_string()))?;
        self.set(name.trim(), value.trim())
    }

    /// Checks the ranges that serde cannot (tokens 1–9, a positive points limit).
    ///
    /// # Errors
    /// The first option out of range.
    pub fn validate(&self) -> Result<(), OptionError> {
        let out_of_range =
            |option: RuleOption, value: String, allowed: &'static str| OptionError::BadValue {
                option,
                value,
                allowed,
            };
        if !(1..=9).contains(&self.tokens) {
            return Err(out_of_range(
                RuleOption::Tokens,
                self.tokens.to_string(),
                TOKENS_RANGE,
            ));
        }
        if !(1..=100_000).contains(&self.points_limit) {
            return Err(out_of_range(
                RuleOption::PointsLimit,
                self.points_limit.to_string(),
                POINTS_RANGE,
            ));
        }
        Ok(())
    }

    /// The options as `name=value` pairs, every one explicit.
    pub fn assignments(&self) -> Vec<(&'static str, String)> {
        let text = |name: &str| name.to_string();
        vec![
            ("negatives", text(self.negatives.name())),
            ("ninety_nine", text(self.ninety_nine.name())),
            ("lose_at", text(self.lose_at.name())),
            ("four_ono_discard", self.four_ono_discard.to_string()),
            ("format", text(self.format.name())),
            ("tokens", self.tokens.to_string()),
            ("points_limit", self.points_limit.to_string()),
            ("points_end", text(self.points_end.name())),
        ]
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.edition.name())?;
        for (name, value) in self.assignments() {
            write!(f, " {name}={value}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_has_its_section_8_name() {
        for (option, name) in RuleOption::ALL.into_iter().zip(OPTION_NAMES) {
            assert_eq!(option.name(), name);
            assert_eq!(RuleOption::from_name(name), Some(option));
        }
        assert_eq!(RuleOption::from_name("colour"), None);
    }

    #[test]
    fn presets_follow_section_8() {
        let m = RuleSet::modern();
        assert_eq!(m.negatives, Negatives::Forbid);
        assert!(m.four_ono_discard);
        assert_eq!(m.format, Format::Elimination);
        let c = RuleSet::classic();
        assert_eq!(c.negatives, Negatives::Allow);
        assert!(!c.four_ono_discard);
        assert_eq!(c.format, Format::Tokens);
        assert_eq!(c.tokens, 3);
    }

    #[test]
    fn every_assignment_round_trips_and_bad_input_changes_nothing() {
        let mut r = RuleSet::classic();
        for (name, value) in RuleSet::modern().assignments() {
            r.set(name, &value).unwrap();
        }
        assert_eq!(
            RuleSet {
                edition: Edition::Classic,
                ..r
            },
            RuleSet {
                edition: Edition::Classic,
                ..RuleSet::modern()
            }
        );
        let before = r;
        assert!(matches!(
            r.set("tokens", "10"),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            r.set("colour", "red"),
            Err(OptionError::UnknownOption(_))
        ));
        assert!(matches!(
            r.set_assignment("tokens"),
            Err(OptionError::NotAnAssignment(_))
        ));
        assert_eq!(r, before);
    }

    /// Every rule set: each option's values crossed with both editions.
    fn every_rule_set() -> Vec<RuleSet> {
        let mut all = Vec::new();
        for edition in [Edition::Modern, Edition::Classic] {
            for &negatives in Negatives::ALL {
                for &ninety_nine in NinetyNine::ALL {
                    for &lose_at in LoseAt::ALL {
                        for &format in Format::ALL {
                            for &points_end in PointsEnd::ALL {
                                all.push(RuleSet {
                                    edition,
                                    negatives,
                                    ninety_nine,
                                    lose_at,
                                    four_ono_discard: format != Format::Tokens,
                                    format,
                                    tokens: 7,
                                    points_limit: 250,
                                    points_end,
                                });
                            }
                        }
                    }
                }
            }
        }
        all
    }

    #[test]
    fn records_write_every_option_under_its_section_8_name() {
        for rules in every_rule_set() {
            let json = serde_json::to_value(rules).unwrap();
            let fields = json.as_object().unwrap();
            assert_eq!(fields.len(), OPTION_NAMES.len() + 1, "{json}");
            assert_eq!(json["edition"], rules.edition.name());
            let mut again = RuleSet::preset(rules.edition.name()).unwrap();
            for (name, value) in rules.assignments() {
                let written = match &json[name] {
                    serde_json::Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                assert_eq!(written, value, "{name} in {json}");
                // What a record holds is exactly what the CLI accepts.
                again.set(name, &written).unwrap();
            }
            assert_eq!(again, rules);
            assert_eq!(serde_json::from_value::<RuleSet>(json).unwrap(), rules);
        }
    }

    #[test]
    fn records_from_earlier_versions_still_load() {
        let old = r#"{"edition": "classic", "negatives": "floor", "ninety_nine": "sets99",
            "lose_at": "exceed99", "four_ono_discard": false, "format": "tokens",
            "tokens": 3, "points_limit": 500, "points_end": "knockout"}"#;
        let rules: RuleSet = serde_json::from_str(old).unwrap();
        assert_eq!(rules.ninety_nine, NinetyNine::Sets99);
        assert_eq!(rules.lose_at, LoseAt::Exceed99);
        let rewritten = serde_json::to_value(rules).unwrap();
        assert_eq!(rewritten["ninety_nine"], "sets_99");
        assert_eq!(rewritten["lose_at"], "exceed_99");
        let reach: LoseAt = serde_json::from_str("\"reach99\"").unwrap();
        assert_eq!(reach, LoseAt::Reach99);
        // The command line and the setup screen take only the §8 names.
        assert_eq!(LoseAt::from_name("reach99"), None);
        assert_eq!(NinetyNine::from_name("sets99"), None);
    }

    #[test]
    fn a_record_with_an_unknown_value_names_the_option() {
        let err = serde_json::from_str::<LoseAt>("\"reach_98\"")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("option 'lose_at' cannot be 'reach_98' (allowed: reach_99 exceed_99)"),
            "{err}"
        );
    }
}
