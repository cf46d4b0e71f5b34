//! When a page tells a player that an online match waits on them: the
//! decisions only, from two facts the browser reports (is it this
//! player's turn, is the page hidden), so that they are tested natively.
//! The browser side (`ui::platform::attention`) performs what [`Alert`]
//! asks: the tab's title, the chime, a system notification.
//!
//! The rules, in the player's words:
//! - while the match waits on them and the page is hidden, the tab's title
//!   says so; it goes back to what it was as soon as the page is visible
//!   again or the turn passes;
//! - the chime plays once per turn, when the turn starts (hidden or not),
//!   except for a turn already under way when the page started watching:
//!   a table that has just opened in front of the player shows it is
//!   their turn, as the host's game has always done;
//! - a system notification, once per turn, only for a turn that starts
//!   while the page is hidden (someone who hides the page during their
//!   own turn knows it is theirs); it is closed with the title.

/// What the title of the tab should do.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Title {
    /// Leave it as it is.
    #[default]
    Keep,
    /// Say that it is the player's turn (keeping the title it had).
    YourTurn,
    /// Put back the title it had before.
    Restore,
}

/// What to do after a change: each field is something to do now.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Alert {
    pub title: Title,
    /// Play the "your turn" chime (at the volume set; muted plays nothing).
    pub chime: bool,
    /// Show the system notification (if the player allowed it).
    pub notify: bool,
    /// Close the notification shown for this turn, if any.
    pub close_notice: bool,
}

/// What a page remembers between changes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TurnAlert {
    /// Whether any turn was reported yet: the first report is of a turn
    /// that may have started before the page was watching.
    started: bool,
    /// The match waits on this player.
    waiting: bool,
    /// The page is hidden (another tab, a minimized window, a locked phone).
    hidden: bool,
    /// The title says "your turn" now.
    titled: bool,
    /// A notification may be showing for this turn.
    noticed: bool,
}

impl TurnAlert {
    /// A page that has not been told anything yet, visible or hidden.
    pub fn new(hidden: bool) -> TurnAlert {
        TurnAlert {
            hidden,
            ..TurnAlert::default()
        }
    }

    /// Whether the title says "your turn" now.
    pub fn titled(&self) -> bool {
        self.titled
    }

    /// The match now waits on this player (`true`) or not (`false`).
    /// Saying the same twice changes nothing: a turn starts only when the
    /// match did not wait on the player before.
    pub fn waiting(&mut self, waiting: bool) -> Alert {
        let first = !std::mem::replace(&mut self.started, true);
        if waiting == self.waiting {
            return Alert::default();
        }
        self.waiting = waiting;
        if waiting {
            // A turn under way when the page started watching: a visible
            // page shows it already, so it stays quiet.
            let chime = !first || self.hidden;
            let notify = self.hidden;
            self.noticed = notify;
            Alert {
                title: self.retitle(),
                chime,
                notify,
                close_notice: false,
            }
        } else {
            self.clear()
        }
    }

    /// The page is now hidden (`true`) or visible (`false`).
    pub fn hidden(&mut self, hidden: bool) -> Alert {
        if hidden == self.hidden {
            return Alert::default();
        }
        self.hidden = hidden;
        if hidden {
            Alert {
                title: self.retitle(),
                ..Alert::default()
            }
        } else {
            self.clear()
        }
    }

    /// The title for the current facts, when it has to change.
    fn retitle(&mut self) -> Title {
        let want = self.waiting && self.hidden;
        if want == self.titled {
            return Title::Keep;
        }
        self.titled = want;
        if want {
            Title::YourTurn
        } else {
            Title::Restore
        }
    }

    /// The turn passed or the page is visible: the title goes back and
    /// the notification closes.
    fn clear(&mut self) -> Alert {
        Alert {
            title: self.retitle(),
            close_notice: std::mem::replace(&mut self.noticed, false),
            ..Alert::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alert(title: Title, chime: bool, notify: bool, close_notice: bool) -> Alert {
        Alert {
            title,
            chime,
            notify,
            close_notice,
        }
    }

    #[test]
    fn a_turn_that_starts_while_hidden_titles_chimes_and_notifies_once() {
        let mut a = TurnAlert::new(false);
        assert_eq!(a.waiting(false), Alert::default());
        assert_eq!(a.hidden(true), Alert::default(), "not waiting: no title");
        assert_eq!(a.waiting(true), alert(Title::YourTurn, true, true, false));
        assert!(a.titled());
        // The same turn reported again (another change of the table).
        assert_eq!(a.waiting(true), Alert::default());
        assert_eq!(a.hidden(true), Alert::default());
        // Back to the page: the title returns, the notification closes.
        assert_eq!(a.hidden(false), alert(Title::Restore, false, false, true));
        assert!(!a.titled());
        // Hidden again during the same turn: the title, never a second
        // chime or notification.
        assert_eq!(a.hidden(true), alert(Title::YourTurn, false, false, false));
        assert_eq!(a.hidden(false), alert(Title::Restore, false, false, false));
    }

    #[test]
    fn the_turn_passing_while_hidden_clears_everything() {
        let mut a = TurnAlert::new(true);
        a.waiting(false);
        assert_eq!(a.waiting(true), alert(Title::YourTurn, true, true, false));
        assert_eq!(a.waiting(false), alert(Title::Restore, false, false, true));
        // Coming back to the page then has nothing left to clear.
        assert_eq!(a.hidden(false), Alert::default());
        // The next turn, still hidden: alerted afresh.
        a.hidden(true);
        assert_eq!(a.waiting(true), alert(Title::YourTurn, true, true, false));
    }

    #[test]
    fn a_visible_page_only_chimes_when_a_turn_starts() {
        let mut a = TurnAlert::new(false);
        a.waiting(false);
        assert_eq!(a.waiting(true), alert(Title::Keep, true, false, false));
        // Hiding the page during one's own turn: the title says so, with
        // no chime and no notification (the player knows).
        assert_eq!(a.hidden(true), alert(Title::YourTurn, false, false, false));
        assert_eq!(a.waiting(false), alert(Title::Restore, false, false, false));
    }

    #[test]
    fn a_turn_under_way_when_watching_starts_is_quiet_unless_hidden() {
        let mut visible = TurnAlert::new(false);
        assert_eq!(visible.waiting(true), Alert::default());
        assert_eq!(
            visible.hidden(true),
            alert(Title::YourTurn, false, false, false)
        );

        let mut hidden = TurnAlert::new(true);
        assert_eq!(
            hidden.waiting(true),
            alert(Title::YourTurn, true, true, false)
        );
    }

    /// Whatever the order of the reports, the title says "your turn"
    /// exactly when the match waits and the page is hidden, it is changed
    /// only when that flips, and a notification is only ever closed after
    /// one was shown.
    #[test]
    fn the_title_follows_the_facts_in_any_order() {
        for start_hidden in [false, true] {
            // Every sequence of up to 8 reports of either kind.
            for len in 0..=8u32 {
                for bits in 0..(1u32 << (2 * len)) {
                    let mut a = TurnAlert::new(start_hidden);
                    let (mut waiting, mut hidden) = (false, start_hidden);
                    let mut shown = false;
                    let mut titled = false;
                    for i in 0..len {
                        let code = (bits >> (2 * i)) & 3;
                        let value = code & 1 == 1;
                        let out = if code & 2 == 0 {
                            waiting = value;
                            a.waiting(value)
                        } else {
                            hidden = value;
                            a.hidden(value)
                        };
                        match out.title {
                            Title::YourTurn => {
                                assert!(!titled);
                                titled = true;
                            }
                            Title::Restore => {
                                assert!(titled);
                                titled = false;
                            }
                            Title::Keep => {}
                        }
                        assert_eq!(titled, waiting && hidden);
                        assert_eq!(a.titled(), titled);
                        if out.close_notice {
                            assert!(shown, "closed a notification never shown");
                            shown = false;
                        }
                        if out.notify {
                            assert!(hidden && waiting && out.chime);
                            shown = true;
                        }
                        if shown {
                            assert!(hidden && waiting, "a notification outlived its turn");
                        }
                    }
                }
            }
        }
    }
}
