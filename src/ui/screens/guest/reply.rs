//! The reply code an invite's friend sends back to the host by hand.

use crate::i18n::{tr, Key, Lang};
use crate::ui::platform::clipboard::copy_text;
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct ReplyCodeProps {
    pub code: AttrValue,
}

/// The reply code, selected on focus, with "Copy" and what to do with it.
#[function_component(ReplyCode)]
pub(super) fn reply_code(props: &ReplyCodeProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let copied = use_state(|| false);
    let on_copy = {
        let code = props.code.clone();
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            let copied = copied.clone();
            copy_text(&code, move || copied.set(true));
        })
    };
    let select_all = Callback::from(|e: FocusEvent| {
        e.target_unchecked_into::<HtmlInputElement>().select();
    });
    html! {
        <>
            <div class="field">
                <label for="reply-code">{ tr(lang, Key::ReplyCode) }</label>
                <input id="reply-code" type="text" readonly=true value={props.code.clone()} onfocus={select_all} spellcheck="false" />
            </div>
            <div class="row">
                <button type="button" class="btn primary" onclick={on_copy}>{ tr(lang, Key::CopyReplyCode) }</button>
                if *copied {
                    <span class="copied" role="status">{ tr(lang, Key::Copied) }</span>
                }
            </div>
            <p class="muted">{ tr(lang, Key::JoinHelp) }</p>
        </>
    }
}
