//! The relay stream (src/online/signal/stream.rs): every message arrives
//! once, whole and in order, through a relay that loses, repeats and
//! reorders; a hostile relay's frames change nothing.

use ono99::online::signal::stream::{
    Stream, StreamError, FRAMES_PER_SECOND, MAX_FRAGMENT, MAX_MESSAGE, MAX_QUEUED,
};
use ono99::rules::Rng;

/// A relay between two streams: each frame is lost, doubled, or delayed
/// by a random amount, so frames overtake each other.
struct Relay {
    rng: Rng,
    loss: usize,
    /// (arrival time, to the host?, frame)
    flying: Vec<(u64, bool, Vec<u8>)>,
}

impl Relay {
    fn carry(&mut self, now: u64, to_host: bool, frames: Vec<Vec<u8>>) {
        for f in frames {
            if self.rng.below(100) < self.loss {
                continue;
            }
            let copies = if self.rng.below(10) == 0 { 2 } else { 1 };
            for _ in 0..copies {
                let delay = 20 + self.rng.below(400) as u64;
                self.flying.push((now + delay, to_host, f.clone()));
            }
        }
    }

    fn arrived(&mut self, now: u64) -> Vec<(bool, Vec<u8>)> {
        let (due, later): (Vec<_>, Vec<_>) = self.flying.drain(..).partition(|(t, _, _)| *t <= now);
        self.flying = later;
        due.into_iter().map(|(_, to, f)| (to, f)).collect()
    }
}

fn message(rng: &mut Rng, i: usize) -> Vec<u8> {
    let len = match rng.below(10) {
        0 => 0,
        1 => MAX_FRAGMENT,
        2 => 60_000 + rng.below(200_000),
        _ => rng.below(3_000),
    };
    (0..len).map(|k| (k * 31 + i * 7) as u8).collect()
}

/// Sends `count` random messages each way through a relay losing `loss`
/// per cent; every one arrives once, whole, in order.
fn round(seed: u64, loss: usize, count: usize) {
    let mut rng = Rng::new(seed);
    let mut host = Stream::new(0x1111);
    let mut friend = Stream::new(0x2222);
    let to_friend: Vec<Vec<u8>> = (0..count).map(|i| message(&mut rng, i)).collect();
    let to_host: Vec<Vec<u8>> = (0..count).map(|i| message(&mut rng, i + 1000)).collect();
    for m in &to_friend {
        host.send(m).expect("queued");
    }
    for m in &to_host {
        friend.send(m).expect("queued");
    }
    let mut relay = Relay {
        rng: Rng::new(seed ^ 0xabcdef),
        loss,
        flying: Vec::new(),
    };
    let (mut got_host, mut got_friend) = (Vec::new(), Vec::new());
    let mut now = 0u64;
    let mut busiest = 0;
    while now < 3_600_000 {
        let out_h = host.due(now);
        let out_f = friend.due(now);
        busiest = busiest.max(out_h.len()).max(out_f.len());
        relay.carry(now, false, out_h);
        relay.carry(now, true, out_f);
        for (to_host, frame) in relay.arrived(now) {
            let got = if to_host {
                host.receive(&frame)
            } else {
                friend.receive(&frame)
            };
            let got = got.expect("no error");
            if to_host {
                got_host.extend(got);
            } else {
                got_friend.extend(got);
            }
        }
        if got_host.len() == count
            && got_friend.len() == count
            && host.is_idle()
            && friend.is_idle()
        {
            break;
        }
        now += 50;
    }
    let lens = |v: &[Vec<u8>]| v.iter().map(Vec::len).collect::<Vec<_>>();
    assert!(
        got_friend == to_friend,
        "seed {seed}: the friend's messages {:?} != {:?} at {now}",
        lens(&got_friend),
        lens(&to_friend)
    );
    assert!(
        got_host == to_host,
        "seed {seed}: the host's messages {:?} != {:?} at {now}",
        lens(&got_host),
        lens(&to_host)
    );
    assert!(
        host.is_idle() && friend.is_idle(),
        "seed {seed}: unacknowledged at the end"
    );
    assert!(busiest <= FRAMES_PER_SECOND as usize);
}

#[test]
fn every_message_arrives_once_whole_and_in_order_through_a_lossy_relay() {
    for seed in 1..=12 {
        round(seed, [0, 10, 30][seed as usize % 3], 25);
    }
}

#[test]
fn a_hostile_relays_frames_change_nothing() {
    let mut rng = Rng::new(9);
    let mut friend = Stream::new(5);
    let mut host = Stream::new(6);
    host.send(b"welcome").expect("queued");
    let frames = host.due(0);
    // Random bytes (a peer's garbage: a relay cannot forge a sealed
    // frame) never panic a stream; a frame cut short before its number
    // is dropped.
    let mut other = Stream::new(7);
    for _ in 0..2_000 {
        let len = rng.below(40);
        let junk: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
        let _ = other.receive(&junk);
        let _ = other.due(0);
    }
    let good = &frames[0];
    for cut in 0..10 {
        assert_eq!(friend.receive(&good[..cut]), Ok(Vec::new()));
    }
    // A relay's replays and reorders: a number far ahead is dropped.
    let mut far = good.clone();
    far[5..9].copy_from_slice(&1_000u32.to_be_bytes());
    assert_eq!(friend.receive(&far), Ok(Vec::new()));
    // The real one still comes through, once.
    assert_eq!(friend.receive(good), Ok(vec![b"welcome".to_vec()]));
    assert_eq!(friend.receive(good), Ok(Vec::new()));
    // A frame of another stream after it: dropped.
    let mut other = good.clone();
    other[1..5].copy_from_slice(&77u32.to_be_bytes());
    other[5..9].copy_from_slice(&1u32.to_be_bytes());
    assert_eq!(friend.receive(&other), Ok(Vec::new()));
    // An acknowledgement of what was never sent changes nothing.
    let mut ack = vec![1];
    ack.extend_from_slice(&5u32.to_be_bytes());
    ack.extend_from_slice(&6u32.to_be_bytes());
    ack.extend_from_slice(&500u32.to_be_bytes());
    ack.extend_from_slice(&0u32.to_be_bytes());
    host.receive(&ack).expect("read");
    assert!(!host.is_idle());
}

#[test]
fn oversized_messages_and_backlogs_are_refused() {
    let mut s = Stream::new(1);
    assert_eq!(
        s.send(&vec![0; MAX_MESSAGE + 1]),
        Err(StreamError::TooLarge(MAX_MESSAGE + 1))
    );
    let big = vec![0; MAX_MESSAGE];
    let mut queued = 0;
    while s.send(&big).is_ok() {
        queued += 1;
    }
    assert_eq!(s.send(&big), Err(StreamError::Backlog));
    assert!(queued * MAX_MESSAGE.div_ceil(MAX_FRAGMENT) <= MAX_QUEUED);
    // A peer that sends fragments with no end runs past the limit: over.
    let mut sender = Stream::new(2);
    let mut receiver = Stream::new(3);
    let mut over = false;
    for seq in 0..(MAX_MESSAGE / MAX_FRAGMENT + 2) as u32 {
        let mut w = vec![0u8];
        w.extend_from_slice(&2u32.to_be_bytes());
        w.extend_from_slice(&seq.to_be_bytes());
        w.push(0);
        w.extend(std::iter::repeat_n(7u8, MAX_FRAGMENT));
        if receiver.receive(&w).is_err() {
            over = true;
            break;
        }
    }
    assert!(over, "an endless message was not refused");
    let _ = sender.due(0);
}
