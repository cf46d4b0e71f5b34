//! The short notice shown when a saved game could not be resumed.

use crate::i18n::{tr, Key, Lang};
use crate::ui::platform::storage::BadSave;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SaveNoticeProps {
    pub bad: BadSave,
    /// The save was copied aside (or, newer, left in place); `false`: it
    /// could not be copied (storage full), so it stays as it was.
    pub kept_aside: bool,
    pub on_dismiss: Callback<()>,
}

#[function_component(SaveNotice)]
pub fn save_notice(props: &SaveNoticeProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let text = match (props.bad, props.kept_aside) {
        (BadSave::Broken, true) => Key::SaveNoticeBroken,
        (BadSave::Broken, false) => Key::SaveNoticeBrokenKept,
        (BadSave::Old, _) => Key::SaveNoticeOld,
        (BadSave::Newer, _) => Key::SaveNoticeNewer,
    };
    let dismiss = {
        let cb = props.on_dismiss.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    html! {
        <section class="notice" role="status" aria-labelledby="notice-heading">
            <div>
                <h2 id="notice-heading">{ tr(lang, Key::SaveNoticeHeading) }</h2>
                <p>{ tr(lang, text) }</p>
            </div>
            <button type="button" class="btn small" onclick={dismiss}>{ tr(lang, Key::Dismiss) }</button>
        </section>
    }
}
