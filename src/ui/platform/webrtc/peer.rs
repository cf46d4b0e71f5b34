//! One table connection ([`Peer`]): set up by the side that offers (and
//! opens the data channel) or the side that answers, whichever of the two
//! it reaches ([`Reaches`]: the host or a friend), its messages sent, and
//! closed. With codes the host offers; by the table link a friend does.

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    RtcDataChannelInit, RtcDataChannelState, RtcPeerConnection, RtcSdpType,
    RtcSessionDescriptionInit,
};

use super::connection::{on_datachannel, Inner};
use super::error::{browser, PeerError, Step};
use super::ice::{gathered, rtc_configuration, IceConfig};
use super::{PeerEvent, CHANNEL_LABEL, GUEST_MESSAGES_PER_SECOND, HOST_MESSAGES_PER_SECOND};
use crate::online::sdp::CompactSdp;

/// Whom a connection reaches, which sets how many messages a second it
/// takes from them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reaches {
    /// The host's side of a friend's connection: a friend's rate.
    Friend,
    /// A friend's side: the host's rate.
    Host,
}

impl Reaches {
    /// For the console's notes.
    fn words(self) -> &'static str {
        match self {
            Reaches::Friend => "a friend",
            Reaches::Host => "the host",
        }
    }

    fn per_second(self) -> u32 {
        match self {
            Reaches::Friend => GUEST_MESSAGES_PER_SECOND,
            Reaches::Host => HOST_MESSAGES_PER_SECOND,
        }
    }
}

/// One table connection: a host's to one friend, or a friend's to the
/// host. Dropping it closes the connection and frees every callback.
pub struct Peer {
    inner: Rc<Inner>,
}

impl Peer {
    fn new(
        config: &IceConfig,
        to: Reaches,
        on_event: Rc<dyn Fn(PeerEvent)>,
    ) -> Result<Peer, PeerError> {
        let pc = RtcPeerConnection::new_with_configuration(&rtc_configuration(config))
            .map_err(browser(Step::Connection))?;
        Ok(Peer {
            inner: Inner::new(pc, to.words(), to.per_second(), on_event),
        })
    }

    /// The offering side of a new connection to `to`: creates the
    /// connection and its data channel ([`CHANNEL_LABEL`], ordered,
    /// reliable), the offer, waits for ICE gathering (at most
    /// [`GATHER_TIMEOUT_MS`](super::GATHER_TIMEOUT_MS)) and returns the peer
    /// with the offer to send (in an invite code). The answer goes to
    /// [`Peer::accept`]. `on_event` is called from browser callbacks, never
    /// from within a method of the peer.
    ///
    /// The offer may have no candidate (no network, no server reachable);
    /// it can still connect if the guest's answer has one.
    ///
    /// # Errors
    /// The browser refusing a step (no WebRTC, a bad ICE server URL), or an
    /// offer that cannot be compacted.
    pub async fn offer(
        config: &IceConfig,
        to: Reaches,
        on_event: Rc<dyn Fn(PeerEvent)>,
    ) -> Result<(Peer, CompactSdp), PeerError> {
        let peer = Peer::new(config, to, on_event)?;
        let init = RtcDataChannelInit::new();
        init.set_ordered(true);
        let channel = peer
            .inner
            .pc
            .create_data_channel_with_data_channel_dict(CHANNEL_LABEL, &init);
        peer.inner.adopt(channel);
        let offer = JsFuture::from(peer.inner.pc.create_offer())
            .await
            .map_err(browser(Step::Offer))?;
        let offer = peer.describe(RtcSdpType::Offer, &offer)?;
        let local = peer.local(&offer).await?;
        Ok((peer, local))
    }

    /// The offering side, second half: applies the answer. The channel
    /// opens ([`PeerEvent::Open`]) once the connection is made.
    ///
    /// # Errors
    /// The browser refusing the answer (not an answer to this offer, or
    /// already applied).
    pub async fn accept(&self, answer: &CompactSdp) -> Result<(), PeerError> {
        if self.inner.finished.get() {
            return Err(PeerError::Closed);
        }
        let init = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        init.set_sdp(&answer.to_sdp());
        JsFuture::from(self.inner.pc.set_remote_description(&init))
            .await
            .map_err(browser(Step::RemoteDescription))?;
        Ok(())
    }

    /// The answering side of a connection to `to`: takes their offer,
    /// creates the answer, waits for ICE gathering (at most
    /// [`GATHER_TIMEOUT_MS`](super::GATHER_TIMEOUT_MS)) and returns the peer
    /// with the answer to send back (in a reply code). The other side's
    /// channel arrives by itself; [`PeerEvent::Open`] says it is usable.
    ///
    /// # Errors
    /// The browser refusing the offer or a step of the answer, or an answer
    /// that cannot be compacted.
    pub async fn answer(
        config: &IceConfig,
        to: Reaches,
        offer: &CompactSdp,
        on_event: Rc<dyn Fn(PeerEvent)>,
    ) -> Result<(Peer, CompactSdp), PeerError> {
        let peer = Peer::new(config, to, on_event)?;
        let on_channel = on_datachannel(&peer.inner);
        peer.inner
            .pc
            .set_ondatachannel(Some(on_channel.as_ref().unchecked_ref()));
        peer.inner
            .datachannel_handler
            .borrow_mut()
            .replace(on_channel);
        let init = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        init.set_sdp(&offer.to_sdp());
        JsFuture::from(peer.inner.pc.set_remote_description(&init))
            .await
            .map_err(browser(Step::RemoteDescription))?;
        let answer = JsFuture::from(peer.inner.pc.create_answer())
            .await
            .map_err(browser(Step::Answer))?;
        let answer = peer.describe(RtcSdpType::Answer, &answer)?;
        let local = peer.local(&answer).await?;
        Ok((peer, local))
    }

    /// Sends a text message; `false` if the channel is not open or the
    /// browser refused it (too large, buffer full).
    pub fn send(&self, text: &str) -> bool {
        if self.inner.finished.get() {
            return false;
        }
        match self.inner.channel.borrow().as_ref() {
            Some(channel) if channel.ready_state() == RtcDataChannelState::Open => {
                channel.send_with_str(text).is_ok()
            }
            _ => false,
        }
    }

    /// Whether the channel is open now.
    pub fn is_open(&self) -> bool {
        !self.inner.finished.get()
            && self
                .inner
                .channel
                .borrow()
                .as_ref()
                .is_some_and(|c| c.ready_state() == RtcDataChannelState::Open)
    }

    /// Closes the channel and the connection. No [`PeerEvent`] follows:
    /// the caller knows.
    pub fn close(&self) {
        self.inner.shut();
    }

    /// The browser's offer or answer (`created`) as a description to set.
    fn describe(
        &self,
        kind: RtcSdpType,
        created: &JsValue,
    ) -> Result<RtcSessionDescriptionInit, PeerError> {
        let sdp = js_sys::Reflect::get(created, &JsValue::from_str("sdp"))
            .ok()
            .and_then(|s| s.as_string())
            .ok_or(PeerError::NoLocalDescription)?;
        let init = RtcSessionDescriptionInit::new(kind);
        init.set_sdp(&sdp);
        Ok(init)
    }

    /// Sets the local description, waits for gathering, compacts the result.
    async fn local(
        &self,
        description: &RtcSessionDescriptionInit,
    ) -> Result<CompactSdp, PeerError> {
        let pc = &self.inner.pc;
        JsFuture::from(pc.set_local_description(description))
            .await
            .map_err(browser(Step::LocalDescription))?;
        gathered(pc).await;
        if self.inner.finished.get() {
            return Err(PeerError::Closed);
        }
        let sdp = pc
            .local_description()
            .ok_or(PeerError::NoLocalDescription)?
            .sdp();
        Ok(CompactSdp::from_sdp(&sdp)?)
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        self.inner.clear_handlers();
        self.inner.shut();
    }
}
