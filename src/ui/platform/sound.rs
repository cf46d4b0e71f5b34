//! Short sound effects, synthesized with the Web Audio API (no files).
//!
//! Browsers only let a page start audio after a user gesture, so the
//! `AudioContext` is created by [`unlock`] from the first click or key
//! press; until then, and wherever Web Audio is missing, effects are
//! silently skipped. Nothing here can panic.

use crate::rules::{Event, Seat};
use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;
use web_sys::{AudioContext, OscillatorType};

thread_local! {
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
    static ENABLED: Cell<bool> = const { Cell::new(true) };
}

/// The effects of the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Effect {
    Play,
    Draw,
    Out,
    Win,
}

/// Sound on or off (the mute toggle).
pub fn set_enabled(on: bool) {
    ENABLED.with(|e| e.set(on));
    if on {
        return;
    }
    // Muting also stops whatever is still ringing.
    CONTEXT.with(|c| {
        if let Some(ctx) = c.borrow().as_ref() {
            let _ = ctx.suspend();
        }
    });
}

/// Creates (or wakes) the audio context; call from a user gesture.
pub fn unlock() {
    if !ENABLED.with(Cell::get) {
        return;
    }
    CONTEXT.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = AudioContext::new().ok();
        }
        if let Some(ctx) = c.as_ref() {
            let _ = ctx.resume();
        }
    });
}

/// Listens for the first gestures on the page to unlock audio.
pub fn unlock_on_gestures() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let handler = Closure::<dyn Fn()>::new(unlock);
    for kind in ["pointerdown", "keydown"] {
        let _ = doc.add_event_listener_with_callback(kind, handler.as_ref().unchecked_ref());
    }
    // The page lives as long as the app: the listener is never removed.
    handler.forget();
}

/// One tone: a frequency glide with a quick attack and a smooth decay.
fn tone(
    ctx: &AudioContext,
    kind: OscillatorType,
    from_hz: f32,
    to_hz: f32,
    delay: f64,
    length: f64,
    volume: f32,
) -> Result<(), JsValue> {
    let t = ctx.current_time() + delay;
    let osc = ctx.create_oscillator()?;
    osc.set_type(kind);
    osc.frequency().set_value_at_time(from_hz, t)?;
    osc.frequency()
        .exponential_ramp_to_value_at_time(to_hz, t + length)?;
    let gain = ctx.create_gain()?;
    gain.gain().set_value_at_time(0.0001, t)?;
    gain.gain()
        .exponential_ramp_to_value_at_time(volume, t + 0.012)?;
    gain.gain()
        .exponential_ramp_to_value_at_time(0.0001, t + length)?;
    osc.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&ctx.destination())?;
    osc.start_with_when(t)?;
    osc.stop_with_when(t + length + 0.05)?;
    Ok(())
}

fn render(ctx: &AudioContext, effect: Effect, at: f64) -> Result<(), JsValue> {
    use OscillatorType::{Sine, Square, Triangle};
    match effect {
        // A soft "tock" of a card landing.
        Effect::Play => tone(ctx, Triangle, 660.0, 330.0, at, 0.09, 0.22),
        // A light upward swish.
        Effect::Draw => tone(ctx, Sine, 320.0, 720.0, at, 0.12, 0.12),
        // Two falling notes.
        Effect::Out => {
            tone(ctx, Square, 392.0, 370.0, at, 0.16, 0.06)?;
            tone(ctx, Square, 262.0, 196.0, at + 0.16, 0.34, 0.06)
        }
        // A rising major arpeggio.
        Effect::Win => {
            for (i, hz) in [523.25_f32, 659.25, 783.99, 1046.5].into_iter().enumerate() {
                let long = if i == 3 { 0.5 } else { 0.16 };
                tone(ctx, Triangle, hz, hz, at + i as f64 * 0.12, long, 0.16)?;
            }
            Ok(())
        }
    }
}

/// Plays `effects` one after the other, if sound is on and audio has been
/// unlocked.
pub fn play(effects: &[Effect]) {
    if !ENABLED.with(Cell::get) || effects.is_empty() {
        return;
    }
    CONTEXT.with(|c| {
        if let Some(ctx) = c.borrow().as_ref() {
            for (i, &effect) in effects.iter().enumerate() {
                let _ = render(ctx, effect, i as f64 * 0.14);
            }
        }
    });
}

/// The effect that goes with `event`, from `me`'s seat: plays, your own
/// draws (other players' are private), a player going out, and your win.
pub fn effect_of(event: &Event, me: Seat) -> Option<Effect> {
    match event {
        Event::Played { .. } | Event::DiscardedFourOno { .. } => Some(Effect::Play),
        Event::Drew { seat, .. } if *seat == me => Some(Effect::Draw),
        Event::PlayerOut { .. } => Some(Effect::Out),
        Event::MatchOver { winners } if winners.contains(&me) => Some(Effect::Win),
        _ => None,
    }
}

/// Sounds for a batch of new events, each kind once, in order.
pub fn for_events(events: &[Event], me: Seat) {
    let mut effects: Vec<Effect> = Vec::new();
    for effect in events.iter().filter_map(|e| effect_of(e, me)) {
        if !effects.contains(&effect) {
            effects.push(effect);
        }
    }
    play(&effects);
}
