//! The settings panel's choice of a language: a language whose texts are
//! not here yet (they are data, fetched: `platform::texts`) applies once
//! they arrive; until then the old one stays, and stays if they cannot be
//! had. Only the latest choice applies.

use crate::i18n::{fixed, Lang};
use crate::ui::platform::prefs::Prefs;
use crate::ui::platform::{boot, texts};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The language select's `onchange`, and whether the site now has a newer
/// build that holds the chosen language's texts (the panel then offers a
/// reload).
#[hook]
pub fn use_language_choice(
    prefs: Prefs,
    on_prefs: Callback<Prefs>,
) -> (Callback<Event>, UseStateHandle<bool>) {
    let asked = use_mut_ref(|| 0u32);
    let new_version = use_state(|| false);
    let on_lang = {
        let new_version = new_version.clone();
        Callback::from(move |e: Event| {
            let select = e.target_unchecked_into::<HtmlSelectElement>();
            let Some(l) = Lang::from_tag(&select.value()) else {
                return;
            };
            let ask = {
                let mut asked = asked.borrow_mut();
                *asked = asked.wrapping_add(1);
                *asked
            };
            if fixed::is_installed(l) {
                on_prefs.emit(Prefs { lang: l, ..prefs });
                return;
            }
            let on_prefs = on_prefs.clone();
            let asked = asked.clone();
            let new_version = new_version.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let loaded = texts::load(l).await;
                if *asked.borrow() != ask {
                    return;
                }
                match loaded {
                    Ok(()) => on_prefs.emit(Prefs { lang: l, ..prefs }),
                    // This page's build is gone from the site (a new one
                    // was deployed, its files named anew): the new build
                    // has the texts. The choice is kept for the reload.
                    Err(_) if boot::newer().await => {
                        Prefs { lang: l, ..prefs }.save();
                        new_version.set(true);
                    }
                    Err(why) => {
                        texts::warn(l, &why);
                        select.set_value(prefs.lang.code());
                    }
                }
            });
        })
    };
    (on_lang, new_version)
}
