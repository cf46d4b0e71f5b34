//! A table's cryptography through the browser's WebCrypto
//! (`window.crypto.subtle`, issue 30, docs/online.md "Signaling over
//! relays"): the room id and the AES-GCM key derived from a table link's
//! secret ([`derive`]), and the envelopes the relays carry sealed and
//! opened ([`RoomKey::seal`], [`RoomKey::open`]).
//!
//! The parameters are those of [`crate::online::signal`]: HKDF with
//! SHA-256 over the secret, salt [`HKDF_SALT`], info [`ROOM_ID_INFO`] for
//! the room id (128 bits) and [`KEY_INFO`] for the key (AES-256); AES-GCM
//! with a random 12-byte IV, a 128-bit tag and the envelope's
//! [`additional_data`] (the room id, the version, the kind and the offer
//! id). `tests/signal/vector.txt` is a worked example made outside this
//! code; `tests/signal/webcrypto-check.mjs` makes the same WebCrypto calls
//! in Node and checks that they reproduce it.
//!
//! The key never leaves the browser: it is derived as non-extractable, so
//! neither this code nor a script on the page can read its bytes. Nothing
//! here panics on what the browser does: every failure is a
//! [`CryptoError`].

use js_sys::{Array, ArrayBuffer, Promise, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AesDerivedKeyParams, AesGcmParams, CryptoKey, HkdfParams, SubtleCrypto};

use crate::online::signal::envelope::additional_data;
use crate::online::signal::{
    Envelope, MessageKind, OfferId, RoomId, HKDF_SALT, IV_LEN, KEY_INFO, KEY_LEN, ROOM_ID_INFO,
    ROOM_ID_LEN, SECRET_LEN, TAG_LEN,
};

/// Bits of the room id, as `deriveBits` counts them.
const ROOM_ID_BITS: u32 = (ROOM_ID_LEN * 8) as u32;
/// Bits of the AES-GCM key (AES-256).
const KEY_BITS: u32 = (KEY_LEN * 8) as u32;
/// Bits of the AES-GCM tag (WebCrypto's default, said out loud).
const TAG_BITS: u8 = (TAG_LEN * 8) as u8;

/// Why the browser's cryptography gave nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CryptoError {
    /// The page has no WebCrypto: `crypto.subtle` is missing (a page not
    /// served over HTTPS or from localhost is not a secure context), or no
    /// random source for an IV.
    #[error("this page has no WebCrypto (is it served over HTTPS?)")]
    Unavailable,
    /// The browser refused a call: for [`RoomKey::open`], the envelope was
    /// sealed with another key or in another room, or one of its bytes was
    /// changed (AES-GCM's tag did not match).
    #[error("the browser refused the cryptography (a wrong key or a changed message)")]
    Refused,
}

/// A table's room id and its AES-GCM key, both derived from the link's
/// secret by [`derive`]. The key is a non-extractable `CryptoKey`; cloning
/// a `RoomKey` clones a handle to it, not its bytes.
#[derive(Clone)]
pub struct RoomKey {
    /// The room id: public, it names the room on the relays.
    pub room: RoomId,
    key: CryptoKey,
}

impl std::fmt::Debug for RoomKey {
    /// The room id only: the key is not readable, and a log has no use for it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RoomKey")
            .field("room", &self.room.hex())
            .finish_non_exhaustive()
    }
}

/// Derives a table's room id and key from its link's secret: the secret
/// imported as an HKDF key, then `deriveBits` for the room id and
/// `deriveKey` for an AES-GCM key (encrypt and decrypt only,
/// non-extractable), each with its own info.
///
/// # Errors
/// [`CryptoError::Unavailable`] without WebCrypto, [`CryptoError::Refused`]
/// if the browser refuses a step (a browser without HKDF).
pub async fn derive(secret: &[u8; SECRET_LEN]) -> Result<RoomKey, CryptoError> {
    let subtle = subtle()?;
    let base = settle(subtle.import_key_with_str(
        "raw",
        &Uint8Array::from(&secret[..]),
        "HKDF",
        false,
        &usages("deriveBits", "deriveKey"),
    ))
    .await?
    .dyn_into::<CryptoKey>()
    .map_err(|_| CryptoError::Refused)?;

    let room =
        settle(subtle.derive_bits_with_object(&hkdf(ROOM_ID_INFO), &base, ROOM_ID_BITS)).await?;
    let room = RoomId(bytes(room)?.try_into().map_err(|_| CryptoError::Refused)?);

    let key = settle(subtle.derive_key_with_object_and_object(
        &hkdf(KEY_INFO),
        &base,
        &AesDerivedKeyParams::new("AES-GCM", KEY_BITS),
        false,
        &usages("encrypt", "decrypt"),
    ))
    .await?
    .dyn_into::<CryptoKey>()
    .map_err(|_| CryptoError::Refused)?;

    Ok(RoomKey { room, key })
}

impl RoomKey {
    /// Seals `plaintext` as a message of `kind` for `offer_id` (an offer's
    /// own id, or the id of the offer an answer answers), under a fresh
    /// random IV.
    ///
    /// # Errors
    /// [`CryptoError::Unavailable`] without WebCrypto or a random source,
    /// [`CryptoError::Refused`] if the browser refuses to encrypt.
    pub async fn seal(
        &self,
        kind: MessageKind,
        offer_id: OfferId,
        plaintext: &[u8],
    ) -> Result<Envelope, CryptoError> {
        let mut iv = [0; IV_LEN];
        getrandom::fill(&mut iv).map_err(|_| CryptoError::Unavailable)?;
        self.seal_with_iv(kind, offer_id, plaintext, iv).await
    }

    /// As [`RoomKey::seal`], with the IV given. Only [`RoomKey::seal`] and
    /// checks that reproduce a worked example call this: an IV used twice
    /// with one key lets whoever sees both messages read them and forge
    /// others.
    ///
    /// # Errors
    /// As [`RoomKey::seal`].
    pub async fn seal_with_iv(
        &self,
        kind: MessageKind,
        offer_id: OfferId,
        plaintext: &[u8],
        iv: [u8; IV_LEN],
    ) -> Result<Envelope, CryptoError> {
        let subtle = subtle()?;
        let params = aes_gcm(&iv, &additional_data(&self.room, kind, &offer_id));
        let sealed = settle(subtle.encrypt_with_object_and_js_u8_array(
            &params,
            &self.key,
            &Uint8Array::from(plaintext),
        ))
        .await?;
        let ciphertext = bytes(sealed)?;
        if ciphertext.len() != plaintext.len() + TAG_LEN {
            return Err(CryptoError::Refused);
        }
        Ok(Envelope {
            kind,
            offer_id,
            iv,
            ciphertext,
        })
    }

    /// The plaintext sealed in `envelope`, if it was sealed with this key in
    /// this room, as the kind and for the offer id it says.
    ///
    /// # Errors
    /// [`CryptoError::Refused`] for an envelope sealed with another key or
    /// in another room, or with any byte changed (kind, offer id, IV,
    /// ciphertext or tag); [`CryptoError::Unavailable`] without WebCrypto.
    pub async fn open(&self, envelope: &Envelope) -> Result<Vec<u8>, CryptoError> {
        let subtle = subtle()?;
        let params = aes_gcm(&envelope.iv, &envelope.additional_data(&self.room));
        let opened = settle(subtle.decrypt_with_object_and_js_u8_array(
            &params,
            &self.key,
            &Uint8Array::from(&envelope.ciphertext[..]),
        ))
        .await?;
        bytes(opened)
    }
}

/// The page's `crypto.subtle`. `web_sys`'s getter assumes it is there; in
/// a page that is not a secure context it is `undefined`, so it is read
/// and checked here.
fn subtle() -> Result<SubtleCrypto, CryptoError> {
    let crypto = web_sys::window()
        .ok_or(CryptoError::Unavailable)?
        .crypto()
        .map_err(|_| CryptoError::Unavailable)?;
    js_sys::Reflect::get(&crypto, &JsValue::from_str("subtle"))
        .map_err(|_| CryptoError::Unavailable)?
        .dyn_into::<SubtleCrypto>()
        .map_err(|_| CryptoError::Unavailable)
}

/// What a WebCrypto call's promise gives; a call that throws at once and a
/// promise that rejects are both [`CryptoError::Refused`].
async fn settle(call: Result<Promise, JsValue>) -> Result<JsValue, CryptoError> {
    let promise = call.map_err(|_| CryptoError::Refused)?;
    JsFuture::from(promise)
        .await
        .map_err(|_| CryptoError::Refused)
}

/// The bytes of an `ArrayBuffer` a WebCrypto call gave.
fn bytes(value: JsValue) -> Result<Vec<u8>, CryptoError> {
    let buffer = value
        .dyn_into::<ArrayBuffer>()
        .map_err(|_| CryptoError::Refused)?;
    Ok(Uint8Array::new(&buffer).to_vec())
}

/// A key's usages, as WebCrypto takes them: an array of names.
fn usages(first: &str, second: &str) -> Array {
    Array::of2(&JsValue::from_str(first), &JsValue::from_str(second))
}

/// HKDF with SHA-256 and the table's salt, for `info`.
fn hkdf(info: &[u8]) -> HkdfParams {
    HkdfParams::new_with_str(
        "HKDF",
        "SHA-256",
        &Uint8Array::from(info),
        &Uint8Array::from(HKDF_SALT),
    )
}

/// AES-GCM with `iv`, `additional_data` and a 128-bit tag.
fn aes_gcm(iv: &[u8; IV_LEN], additional_data: &[u8]) -> AesGcmParams {
    let params = AesGcmParams::new("AES-GCM", &Uint8Array::from(&iv[..]));
    params.set_additional_data(&Uint8Array::from(additional_data));
    params.set_tag_length(TAG_BITS);
    params
}
