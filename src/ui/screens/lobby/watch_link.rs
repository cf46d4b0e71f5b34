//! The lobby's card of the watch link (issue 31).

use super::{link_to_send, LinkToSend, TableLinkProps};
use crate::i18n::{self, tr, Key, Lang, WatchText};
use crate::ui::online::TableLinkState;
use yew::prelude::*;

/// The watch link (issue 31): its text, Copy and QR code, how many watch,
/// and "Stop sharing" (every watcher is let go and the link admits nobody
/// more), or, once stopped, "Share a new watch link".
#[function_component(WatchLinkCard)]
pub fn watch_link_card(props: &TableLinkProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let copied = use_state(|| false);
    let link = &props.link;
    let text = |t: WatchText| i18n::watch_text(lang, t);
    let body = match link.watch_link() {
        TableLinkState::Ready(url) => {
            let on_stop = {
                let link = link.clone();
                let copied = copied.clone();
                Callback::from(move |_: MouseEvent| {
                    copied.set(false);
                    link.stop_watching();
                })
            };
            html! {
                <>
                    { link_to_send(&LinkToSend {
                        lang,
                        id: "watch-link".to_string(),
                        url,
                        label: text(WatchText::WatchLink).to_string(),
                        label_shown: false,
                        copy: text(WatchText::CopyWatchLink).to_string(),
                        copy_class: "btn",
                        qr: text(WatchText::WatchLinkQr).to_string(),
                        copied: copied.clone(),
                    }) }
                    <div class="row">
                        <button type="button" class="btn ghost stop-sharing" onclick={on_stop}>{ text(WatchText::StopSharing) }</button>
                    </div>
                </>
            }
        }
        TableLinkState::Off if link.watch_stopped() => {
            let on_again = {
                let link = link.clone();
                Callback::from(move |_: MouseEvent| link.share_watch_again())
            };
            html! {
                <>
                    <p class="muted watch-off" role="status">{ text(WatchText::NotShared) }</p>
                    <div class="row">
                        <button type="button" class="btn" onclick={on_again}>{ text(WatchText::ShareAgain) }</button>
                    </div>
                </>
            }
        }
        TableLinkState::Preparing => {
            html! { <p class="muted" role="status">{ tr(lang, Key::PreparingInvite) }</p> }
        }
        TableLinkState::Off | TableLinkState::Failed => return Html::default(),
    };
    let count = link.watcher_count();
    html! {
        <section class="table-link watch-link" aria-labelledby="watch-link-heading">
            <h3 id="watch-link-heading">{ text(WatchText::WatchLink) }</h3>
            <p>{ text(WatchText::WatchLinkHelp) }</p>
            { body }
            <p class="watching-count" role="status" aria-live="polite">{ i18n::watching_count(lang, count) }</p>
        </section>
    }
}
