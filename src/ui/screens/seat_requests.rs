//! The host's answer to someone asking for a held seat (issue 36): "Kim
//! asks to take Leo's seat — Allow / Refuse", in the lobby and at the
//! table. Whole app only.

use crate::i18n::{seat_text, Lang, SeatText};
use crate::ui::online::HostLink;
use std::rc::Rc;
use yew::prelude::*;

/// Every request the host has not answered, each with Allow and Refuse.
/// `point` is the match's seed and the length of its log, once the game
/// holds it (`None` in the lobby: the link's session says); at the table
/// the requests float over the top of the screen, in view at every size
/// whatever the page's scroll.
pub fn seat_requests(lang: Lang, link: &Rc<HostLink>, point: Option<(u64, usize)>) -> Html {
    let requests = link.seat_requests();
    if requests.is_empty() {
        return Html::default();
    }
    let rows = requests.into_iter().map(|r| {
        let (asker, holder) = (r.asker.as_str(), r.holder.as_str());
        let on_allow = {
            let link = link.clone();
            Callback::from(move |_: MouseEvent| link.allow_request(r.id, point))
        };
        let on_refuse = {
            let link = link.clone();
            Callback::from(move |_: MouseEvent| link.refuse_request(r.id))
        };
        html! {
            <div key={r.id} class="seat-request" role="alert">
                <p>{ seat_text(lang, &SeatText::Request { asker, holder }) }</p>
                <div class="row">
                    <button type="button" class="btn primary" onclick={on_allow}
                        aria-label={seat_text(lang, &SeatText::AllowLabel { asker, holder })}>
                        { seat_text(lang, &SeatText::Allow) }
                    </button>
                    <button type="button" class="btn" onclick={on_refuse}
                        aria-label={seat_text(lang, &SeatText::RefuseLabel { asker, holder })}>
                        { seat_text(lang, &SeatText::Refuse) }
                    </button>
                </div>
            </div>
        }
    });
    let floating = point.is_some().then_some("floating");
    html! { <section class={classes!("seat-requests", floating)}>{ for rows }</section> }
}
