//! The statistics screen: the record of finished games, a reset that asks
//! first, and the last finished matches to replay (or a record to open).

use crate::bots::Level;
use crate::i18n::{self, tr, Key, Lang};
use crate::rules::Played;
use crate::ui::platform::files;
use crate::ui::platform::focus::use_focus_when;
use crate::ui::stats::{self, Opponents, Stats, Tally};
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct StatsProps {
    pub on_back: Callback<()>,
    /// Opens a record file's match in the replay viewer.
    pub on_replay: Callback<Rc<Played>>,
    /// Opens a recent match (played here, seat 0 is you) in the replay.
    pub on_my_replay: Callback<Rc<Played>>,
    /// Opens the review of your plays in a recent match.
    pub on_review: Callback<Rc<Played>>,
}

/// Today's deal: days played, days in a row, and today's counted result.
fn daily_summary(lang: Lang) -> Html {
    let daily = stats::daily();
    let today = stats::today();
    let result = match daily.result(&today) {
        Some(r) => i18n::your_place(lang, r.place, r.seats),
        None => tr(lang, Key::DailyNotYet).to_string(),
    };
    html! {
        <section class="daily-stats" aria-labelledby="daily-heading">
            <h2 id="daily-heading">{ tr(lang, Key::TodaysDeal) }</h2>
            <dl class="stats-summary">
                <div><dt>{ tr(lang, Key::DailyDaysPlayed) }</dt><dd>{ daily.results.len() }</dd></div>
                <div><dt>{ tr(lang, Key::DailyStreak) }</dt><dd>{ daily.streak(&today) }</dd></div>
                <div><dt>{ tr(lang, Key::DailyToday) }</dt><dd>{ result }</dd></div>
            </dl>
        </section>
    }
}

/// The last finished matches, each with Replay; and Open a record.
#[function_component(RecentMatches)]
fn recent_matches(props: &RecentProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let list = use_state(stats::recent);
    let notice = use_state(|| None::<Key>);
    let rows = list.iter().enumerate().map(|(i, m)| {
        let on_replay = props.on_my_replay.clone();
        let code = m.code.clone();
        let notice = notice.clone();
        let open = |cb: Callback<Rc<Played>>| {
            let code = code.clone();
            let notice = notice.clone();
            Callback::from(move |_: MouseEvent| match Played::decode(&code) {
                Ok(shared) => cb.emit(Rc::new(shared)),
                Err(_) => notice.set(Some(Key::ShareBroken)),
            })
        };
        let onclick = open(on_replay);
        let on_review = open(props.on_review.clone());
        let line = format!(
            "{} · {} · {}",
            m.day,
            i18n::player_count(lang, m.seats),
            i18n::your_place(lang, m.place, m.seats)
        );
        html! {
            <li key={i}>
                <span>{ line }</span>
                <span class="recent-buttons">
                    <button type="button" class="btn small" onclick={on_review}>{ tr(lang, Key::ReviewMyPlays) }</button>
                    <button type="button" class="btn small" {onclick}>{ tr(lang, Key::Replay) }</button>
                </span>
            </li>
        }
    });
    let on_file = {
        let on_replay = props.on_replay.clone();
        let notice = notice.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let on_replay = on_replay.clone();
            let notice = notice.clone();
            files::read_record(&input, move |result| match result {
                Ok(shared) => on_replay.emit(Rc::new(shared)),
                Err(key) => notice.set(Some(key)),
            });
        })
    };
    html! {
        <section class="recent" aria-labelledby="recent-heading">
            <h2 id="recent-heading">{ tr(lang, Key::RecentMatches) }</h2>
            if list.is_empty() {
                <p class="muted">{ tr(lang, Key::NoRecentMatches) }</p>
            } else {
                <ol class="recent-list">{ for rows }</ol>
            }
            <label class="btn file">
                { tr(lang, Key::OpenRecord) }
                <input type="file" accept=".json,application/json" class="sr-only" onchange={on_file} />
            </label>
            if let Some(key) = *notice {
                <p class="error-text" role="alert">{ tr(lang, key) }</p>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct RecentProps {
    on_replay: Callback<Rc<Played>>,
    on_my_replay: Callback<Rc<Played>>,
    on_review: Callback<Rc<Played>>,
}

fn opponents_label(lang: Lang, o: Opponents) -> &'static str {
    match o {
        Opponents::Easy => i18n::level(lang, Level::Easy),
        Opponents::Medium => i18n::level(lang, Level::Medium),
        Opponents::Hard => i18n::level(lang, Level::Hard),
        Opponents::Mixed => tr(lang, Key::StatsLevelMixed),
        Opponents::People => tr(lang, Key::StatsLevelPeople),
    }
}

/// A table of played / won / win rate, one row per group.
fn tally_table(lang: Lang, caption: &str, rows: Vec<(&'static str, Tally)>) -> Html {
    html! {
        <table class="standings stats-table">
            <caption>{ caption.to_string() }</caption>
            <thead>
                <tr>
                    <th scope="col"><span class="sr-only">{ caption.to_string() }</span></th>
                    <th scope="col">{ tr(lang, Key::StatsPlayed) }</th>
                    <th scope="col">{ tr(lang, Key::StatsWon) }</th>
                    <th scope="col">{ tr(lang, Key::StatsWinRate) }</th>
                </tr>
            </thead>
            <tbody>
                { for rows.into_iter().map(|(label, t)| html! {
                    <tr>
                        <th scope="row">{ label }</th>
                        <td>{ t.played }</td>
                        <td>{ t.won }</td>
                        <td>{ format!("{} %", t.win_percent()) }</td>
                    </tr>
                }) }
            </tbody>
        </table>
    }
}

#[function_component(StatsScreen)]
pub fn stats_screen(props: &StatsProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let record = use_state(stats::load);
    let confirm = use_state(|| false);
    let heading = use_focus_when(());
    let back = {
        let cb = props.on_back.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let ask_reset = {
        let confirm = confirm.clone();
        Callback::from(move |_: MouseEvent| confirm.set(true))
    };
    let cancel = {
        let confirm = confirm.clone();
        Callback::from(move |_: MouseEvent| confirm.set(false))
    };
    let do_reset = {
        let confirm = confirm.clone();
        let record = record.clone();
        Callback::from(move |_: MouseEvent| {
            stats::reset();
            record.set(Stats::default());
            confirm.set(false);
        })
    };
    let cancel_ref = use_node_ref();
    {
        // The confirmation takes the focus; closing it gives it back to the page top.
        let cancel_ref = cancel_ref.clone();
        use_effect_with(*confirm, move |open| {
            if *open {
                if let Some(el) = cancel_ref.cast::<web_sys::HtmlElement>() {
                    let _ = el.focus();
                }
            }
        });
    }

    let s = &*record;
    let body = if s.overall.played == 0 {
        html! { <p class="stats-empty">{ tr(lang, Key::StatsEmpty) }</p> }
    } else {
        let average = s.average_place().unwrap_or_default();
        // Only the groups with games in them.
        let editions = [Key::EditionModern, Key::EditionClassic]
            .into_iter()
            .zip(s.by_edition)
            .filter(|(_, t)| t.played > 0)
            .map(|(k, t)| (tr(lang, k), t))
            .collect();
        let opponents = Opponents::ALL
            .into_iter()
            .zip(s.by_opponents)
            .filter(|(_, t)| t.played > 0)
            .map(|(o, t)| (opponents_label(lang, o), t))
            .collect();
        html! {
            <>
                <dl class="stats-summary">
                    <div><dt>{ tr(lang, Key::StatsPlayed) }</dt><dd>{ s.overall.played }</dd></div>
                    <div><dt>{ tr(lang, Key::StatsWon) }</dt><dd>{ s.overall.won }</dd></div>
                    <div><dt>{ tr(lang, Key::StatsWinRate) }</dt><dd>{ format!("{} %", s.overall.win_percent()) }</dd></div>
                    <div><dt>{ tr(lang, Key::StatsBestStreak) }</dt><dd>{ s.best_streak }</dd></div>
                    <div><dt>{ tr(lang, Key::StatsCurrentStreak) }</dt><dd>{ s.streak }</dd></div>
                    <div><dt>{ tr(lang, Key::StatsAveragePlace) }</dt><dd>{ average }</dd></div>
                </dl>
                { tally_table(lang, tr(lang, Key::StatsByEdition), editions) }
                { tally_table(lang, tr(lang, Key::StatsByLevel), opponents) }
                <div>
                    <button type="button" class="btn danger-ghost" onclick={ask_reset}>{ tr(lang, Key::StatsReset) }</button>
                </div>
            </>
        }
    };

    html! {
        <main class="rules-screen stats-screen">
            <div class="rules-top">
                <button type="button" class="btn" onclick={back.clone()}>{ "← " }{ tr(lang, Key::Back) }</button>
            </div>
            <article class="rules-body">
                <h1 ref={heading} tabindex="-1">{ tr(lang, Key::StatsTitle) }</h1>
                { body }
                { daily_summary(lang) }
                <RecentMatches on_replay={props.on_replay.clone()} on_my_replay={props.on_my_replay.clone()} on_review={props.on_review.clone()} />
            </article>
            if *confirm {
                <div class="overlay">
                    <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="reset-heading" aria-describedby="reset-text">
                        <h2 id="reset-heading">{ tr(lang, Key::StatsResetHeading) }</h2>
                        <p id="reset-text">{ tr(lang, Key::StatsResetText) }</p>
                        <div class="dialog-buttons">
                            <button ref={cancel_ref} type="button" class="btn primary" onclick={cancel}>{ tr(lang, Key::Cancel) }</button>
                            <button type="button" class="btn danger" onclick={do_reset}>{ tr(lang, Key::StatsResetConfirm) }</button>
                        </div>
                    </div>
                </div>
            }
        </main>
    }
}
