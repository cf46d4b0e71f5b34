// Checks that WebCrypto, called exactly as src/ui/platform/crypto.rs calls
// it in the browser, reproduces vector.txt (made with Python's
// `cryptography`, outside this code): the room id and its tracker
// info_hash from the secret, both envelopes opened to their plaintexts,
// and both sealed again, byte for byte, with their IVs. Node's global
// `crypto.subtle` is the same Web Crypto API as a browser's.
//
// Run it from the repository's root (Node 18 or later, nothing to install):
//   node tests/signal/webcrypto-check.mjs
// It fails (exit code 1) on any difference.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const vector = Object.fromEntries(
  fs.readFileSync(path.join(here, 'vector.txt'), 'utf8')
    .split('\n')
    .filter(line => line && !line.startsWith('#'))
    .map(line => {
      const at = line.indexOf('=')
      return [line.slice(0, at), line.slice(at + 1)]
    })
)

// The constants of src/online/signal/mod.rs and envelope.rs.
const text = s => new TextEncoder().encode(s)
const HKDF_SALT = text('ono99 table link v1')
const ROOM_ID_INFO = text('ono99 room id')
const KEY_INFO = text('ono99 aes-gcm key')
const ENVELOPE_VERSION = 1
const HEADER_LEN = 10
const IV_LEN = 12

const hex = bytes => Buffer.from(bytes).toString('hex')
const fromHex = s => new Uint8Array(Buffer.from(s, 'hex'))
const base64url = bytes => Buffer.from(bytes).toString('base64url')
const fromBase64url = s => new Uint8Array(Buffer.from(s, 'base64url'))
const concat = (...parts) => new Uint8Array(Buffer.concat(parts.map(p => Buffer.from(p))))

const subtle = globalThis.crypto?.subtle
assert.ok(subtle, 'this Node has no global crypto.subtle')

const hkdf = info => ({ name: 'HKDF', hash: 'SHA-256', salt: HKDF_SALT, info })

// derive()
const secret = fromHex(vector.secret)
const base = await subtle.importKey('raw', secret, 'HKDF', false, ['deriveBits', 'deriveKey'])
const room = new Uint8Array(await subtle.deriveBits(hkdf(ROOM_ID_INFO), base, 128))
const key = await subtle.deriveKey(
  hkdf(KEY_INFO), base, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])

assert.equal(hex(room), vector.room_id, 'room id')
assert.equal(base64url(room.subarray(0, 15)), vector.info_hash, 'info_hash')

// The browser's key is not extractable; the same derivation made
// extractable here shows its bytes are the vector's.
const seen = await subtle.deriveKey(
  hkdf(KEY_INFO), base, { name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt'])
assert.equal(hex(new Uint8Array(await subtle.exportKey('raw', seen))), vector.key, 'key')

// open() and seal_with_iv(), for both messages.
for (const [name, kind] of [['offer', 'O'], ['answer', 'A']]) {
  const envelope = fromBase64url(vector[`${name}_envelope`])
  assert.equal(envelope[0], ENVELOPE_VERSION, `${name}: version`)
  assert.equal(String.fromCharCode(envelope[1]), kind, `${name}: kind`)
  const offerId = envelope.subarray(2, HEADER_LEN)
  const iv = envelope.subarray(HEADER_LEN, HEADER_LEN + IV_LEN)
  const ciphertext = envelope.subarray(HEADER_LEN + IV_LEN)

  // room id ‖ version ‖ kind byte ‖ offer id
  const additionalData = concat(room, [ENVELOPE_VERSION, kind.charCodeAt(0)], offerId)
  assert.equal(hex(additionalData), vector[`${name}_additional_data`], `${name}: additional data`)
  const params = { name: 'AES-GCM', iv, additionalData, tagLength: 128 }

  const plaintext = new Uint8Array(await subtle.decrypt(params, key, ciphertext))
  assert.equal(hex(plaintext), vector[`${name}_plaintext`], `${name}: plaintext`)

  const sealed = new Uint8Array(await subtle.encrypt(params, key, plaintext))
  assert.equal(hex(sealed), hex(ciphertext), `${name}: sealed again`)

  // A changed byte anywhere the tag covers is refused.
  const changed = Uint8Array.from(ciphertext)
  changed[0] ^= 1
  await assert.rejects(subtle.decrypt(params, key, changed), `${name}: changed ciphertext`)
  const otherKind = concat(room, [ENVELOPE_VERSION, kind === 'O' ? 0x41 : 0x4f], offerId)
  await assert.rejects(
    subtle.decrypt({ ...params, additionalData: otherKind }, key, ciphertext),
    `${name}: other kind`)
}

console.log('webcrypto-check: room id, info_hash, key and both envelopes match vector.txt')
