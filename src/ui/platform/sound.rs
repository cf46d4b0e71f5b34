//! Short sound effects, synthesized with the Web Audio API (no files).
//!
//! Browsers only let a page start audio after a user gesture, so the
//! `AudioContext` is created by [`unlock`] from the first click or key
//! press; until then, and wherever Web Audio is missing, effects are
//! silently skipped. Every effect goes through one master gain that follows
//! the volume preference (0 mutes and suspends the context). Nothing here
//! can panic.

use crate::rules::{Event, Seat};
use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;
use web_sys::{AudioContext, AudioContextState, GainNode, OscillatorType};

/// The volume of a first visit, and of sound switched on by an older version.
pub const DEFAULT_VOLUME: u8 = 70;

/// The audio context and the master gain every effect plays through.
struct Output {
    ctx: AudioContext,
    master: GainNode,
}

thread_local! {
    static OUTPUT: RefCell<Option<Output>> = const { RefCell::new(None) };
    /// The volume, 0 (muted) to 100.
    static VOLUME: Cell<u8> = const { Cell::new(DEFAULT_VOLUME) };
}

/// The effects of the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Effect {
    Play,
    Draw,
    Out,
    Win,
    /// A soft two-note chime: the person's turn has come.
    YourTurn,
}

/// The master gain for a volume: loudness is heard roughly on a log scale,
/// so the slider's middle is a quarter of the full amplitude, not a half.
fn gain_of(volume: u8) -> f32 {
    let v = f32::from(volume.min(100)) / 100.0;
    v * v
}

/// Sets the volume, 0 (muted) to 100.
pub fn set_volume(volume: u8) {
    VOLUME.with(|v| v.set(volume));
    OUTPUT.with(|o| {
        if let Some(out) = o.borrow().as_ref() {
            out.master.gain().set_value(gain_of(volume));
            if volume == 0 {
                // Muting also stops whatever is still ringing.
                let _ = out.ctx.suspend();
            }
        }
    });
}

/// Creates (or wakes) the audio context; call from a user gesture. Does
/// nothing while muted.
pub fn unlock() {
    let volume = VOLUME.with(Cell::get);
    if volume == 0 {
        return;
    }
    OUTPUT.with(|o| {
        let mut o = o.borrow_mut();
        if o.is_none() {
            *o = open(volume);
        }
        if let Some(out) = o.as_ref() {
            if out.ctx.state() != AudioContextState::Running {
                let _ = out.ctx.resume();
            }
        }
    });
}

fn open(volume: u8) -> Option<Output> {
    let ctx = AudioContext::new().ok()?;
    let master = ctx.create_gain().ok()?;
    master.gain().set_value(gain_of(volume));
    master.connect_with_audio_node(&ctx.destination()).ok()?;
    Some(Output { ctx, master })
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
    out: &Output,
    kind: OscillatorType,
    from_hz: f32,
    to_hz: f32,
    delay: f64,
    length: f64,
    volume: f32,
) -> Result<(), JsValue> {
    let ctx = &out.ctx;
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
    gain.connect_with_audio_node(&out.master)?;
    osc.start_with_when(t)?;
    osc.stop_with_when(t + length + 0.05)?;
    Ok(())
}

fn render(out: &Output, effect: Effect, at: f64) -> Result<(), JsValue> {
    use OscillatorType::{Sine, Square, Triangle};
    match effect {
        // A soft "tock" of a card landing.
        Effect::Play => tone(out, Triangle, 660.0, 330.0, at, 0.09, 0.22),
        // A light upward swish.
        Effect::Draw => tone(out, Sine, 320.0, 720.0, at, 0.12, 0.12),
        // Two falling notes.
        Effect::Out => {
            tone(out, Square, 392.0, 370.0, at, 0.16, 0.06)?;
            tone(out, Square, 262.0, 196.0, at + 0.16, 0.34, 0.06)
        }
        // A rising major arpeggio.
        Effect::Win => {
            for (i, hz) in [523.25_f32, 659.25, 783.99, 1046.5].into_iter().enumerate() {
                let long = if i == 3 { 0.5 } else { 0.16 };
                tone(out, Triangle, hz, hz, at + i as f64 * 0.12, long, 0.16)?;
            }
            Ok(())
        }
        // A bell-like rising fourth (E5 then A5), each note with a quiet
        // octave above it for shimmer; soft enough to repeat every turn.
        Effect::YourTurn => {
            for (i, hz) in [659.25_f32, 880.0].into_iter().enumerate() {
                let start = at + i as f64 * 0.11;
                let long = if i == 1 { 0.55 } else { 0.3 };
                tone(out, Sine, hz, hz, start, long, 0.14)?;
                tone(out, Sine, hz * 2.0, hz * 2.0, start, long * 0.6, 0.03)?;
            }
            Ok(())
        }
    }
}

/// Plays `effects` one after the other, if sound is on and audio has been
/// unlocked by a gesture. A context that is not running (never allowed to
/// start, or waking up) would play them late, all at once, so they are
/// dropped, unless `waking`: the caller has just resumed it from a gesture.
fn play_with(effects: &[Effect], waking: bool) {
    if VOLUME.with(Cell::get) == 0 || effects.is_empty() {
        return;
    }
    OUTPUT.with(|o| {
        if let Some(out) = o.borrow().as_ref() {
            if !waking && out.ctx.state() != AudioContextState::Running {
                return;
            }
            for (i, &effect) in effects.iter().enumerate() {
                let _ = render(out, effect, i as f64 * 0.14);
            }
        }
    });
}

/// Plays `effects` one after the other, if sound is on and the page has
/// had a click or key press.
pub fn play(effects: &[Effect]) {
    play_with(effects, false);
}

/// The "your turn" chime, for the moment the person's turn starts. Silent
/// while muted or before the page has had a click or key press.
pub fn your_turn() {
    play(&[Effect::YourTurn]);
}

/// The "your turn" chime for a page that may be in the background (the
/// turn alert of online tables, `platform::attention`): a hidden page's
/// audio may have been suspended by the browser, so it is woken first.
/// Silent while muted or before the page has had a click or key press
/// (the browser allows waking only audio a gesture started once).
pub fn your_turn_waking() {
    if VOLUME.with(Cell::get) == 0 {
        return;
    }
    let opened = OUTPUT.with(|o| {
        o.borrow().as_ref().is_some_and(|out| {
            if out.ctx.state() != AudioContextState::Running {
                let _ = out.ctx.resume();
            }
            true
        })
    });
    if opened {
        play_with(&[Effect::YourTurn], true);
    }
}

/// A short sample at the current volume, for the volume slider (call from
/// the gesture that set it).
pub fn preview() {
    unlock();
    play_with(&[Effect::Play], true);
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
