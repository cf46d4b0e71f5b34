// Sends tracker-sent.txt's messages (made by src/online/signal/tracker.rs;
// tests/signal/tracker_wire.rs checks they are still what it makes) to a
// real `bittorrent-tracker` server on loopback (the browser tests' own,
// tests/e2e/relays.mjs), and writes what the server sent back to
// tracker-replies.txt, which tracker_wire.rs parses.
//
// It is also the check of that loopback tracker: an offer a friend
// announces reaches the host and a waiting friend in the same info_hash,
// the host's answer reaches the friend, and the tracker counted every
// message. It fails (exit code 1) otherwise, or if a reply is 5 s late.
//
// Run it from the repository's root on a machine set up by `make test` (or
// after `npm ci`), again after changing the messages or the server's
// version:
//   node tests/signal/capture-tracker.mjs
import assert from 'assert/strict'
import WebSocket from 'ws'
import fs from 'fs'
import path from 'path'
import { fileURLToPath } from 'url'
import { startRelays } from '../e2e/relays.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const sent = Object.fromEntries(
  fs.readFileSync(path.join(here, 'tracker-sent.txt'), 'utf8')
    .split('\n').filter(Boolean).map(line => line.split('\t'))
)
const replies = []
const keep = (name, text) => replies.push(`${name}\t${text}`)

const relays = await startRelays({ broker: false })
const open = () => new Promise((resolve, reject) => {
  const socket = new WebSocket(relays.trackerUrl)
  socket.on('open', () => resolve(socket))
  socket.on('error', reject)
})
const next = socket => new Promise((resolve, reject) => {
  const late = setTimeout(() => reject(new Error('no reply from the tracker within 5 s')), 5000)
  socket.once('message', d => {
    clearTimeout(late)
    resolve(d.toString())
  })
})
const host = await open()
const friend = await open()
const other = await open()
let messages = 0
const send = (socket, text) => {
  messages += 1
  socket.send(text)
}

send(host, sent.host_announce)
keep('host_reply', await next(host))
send(other, sent.other_announce) // a friend still waiting
await next(other)

const offerAtHost = next(host)
const offerAtOther = next(other)
send(friend, sent.friend_announce)
keep('friend_reply', await next(friend))
keep('offer_at_host', await offerAtHost)
keep('offer_at_other', await offerAtOther)

const answer = next(friend)
send(host, sent.host_answer)
keep('answer_at_friend', await answer)

let reply = next(friend)
send(friend, sent.friend_announce.replace('"info_hash":"', '"info_hash":"x'))
keep('bad_info_hash_reply', await reply)
reply = next(friend)
send(friend, sent.friend_announce.replace('"started"', '"bogus"'))
keep('bad_event_reply', await reply)
reply = next(friend)
send(friend, 'not json')
keep('not_json_reply', await reply)

reply = next(friend)
send(friend, sent.friend_stop)
await reply
const swarm = Object.values(relays.tracker.torrents)[0]
keep('peers_after_stop', JSON.stringify({ peers: swarm.peers.length }))

// The check: what a table needs of the tracker.
const got = Object.fromEntries(replies.map(line => line.split('\t')))
const friendAnnounce = JSON.parse(sent.friend_announce)
const hostAnswer = JSON.parse(sent.host_answer)
for (const at of ['offer_at_host', 'offer_at_other']) {
  const offer = JSON.parse(got[at])
  assert.equal(offer.info_hash, friendAnnounce.info_hash, at)
  assert.equal(offer.peer_id, friendAnnounce.peer_id, at)
  assert.equal(offer.offer_id, friendAnnounce.offers[0].offer_id, at)
  assert.deepEqual(offer.offer, friendAnnounce.offers[0].offer, at)
}
const answered = JSON.parse(got.answer_at_friend)
assert.equal(answered.peer_id, hostAnswer.peer_id)
assert.equal(answered.offer_id, hostAnswer.offer_id)
assert.deepEqual(answered.answer, hostAnswer.answer)
assert.equal(relays.counts.trackerMessages, messages, 'the tracker counted every message')

fs.writeFileSync(path.join(here, 'tracker-replies.txt'), replies.join('\n') + '\n')
for (const socket of [host, friend, other]) socket.close()
await relays.close()
console.log(`capture-tracker: ${replies.length} replies written, the loopback tracker relays offers and answers`)
