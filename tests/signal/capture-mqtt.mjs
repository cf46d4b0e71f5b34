// Sends mqtt-sent.txt's packets (made by src/online/signal/mqtt.rs;
// tests/signal/mqtt_packets.rs checks they are still what it makes) to a
// real MQTT broker over a WebSocket on loopback (the browser tests' own,
// Aedes in tests/e2e/relays.mjs), as a host and a friend would, and writes
// every WebSocket message each side received to mqtt-replies.txt (hex),
// which mqtt_packets.rs decodes.
//
// It is also the check of that loopback broker: each side's CONNECT is
// accepted and its SUBSCRIBE granted, the friend's PUBLISH reaches the
// host and the host's reaches the friend, byte for byte, and the broker
// counted every packet. It fails (exit code 1) otherwise.
//
// Aedes writes a packet in pieces (the first byte, the length, ...), one
// WebSocket message each, where Mosquitto sent one message a packet; MQTT
// over WebSockets allows both, and our decoder takes any chunks.
//
// Run it from the repository's root on a machine set up by `make test` (or
// after `npm ci`), again after changing the packets:
//   node tests/signal/capture-mqtt.mjs
import assert from 'assert/strict'
import WebSocket from 'ws'
import fs from 'fs'
import path from 'path'
import { fileURLToPath } from 'url'
import { startRelays } from '../e2e/relays.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const sent = Object.fromEntries(
  fs.readFileSync(path.join(here, 'mqtt-sent.txt'), 'utf8')
    .split('\n').filter(Boolean).map(line => line.split('\t'))
    .map(([name, hex]) => [name, Buffer.from(hex, 'hex')])
)
const relays = await startRelays({ tracker: false })
const url = relays.brokerUrl.replace(/^mqtt\+/, '')

const replies = []
const received = { host: [], friend: [] }
const open = side => new Promise((resolve, reject) => {
  const socket = new WebSocket(url, 'mqtt')
  socket.on('message', data => {
    replies.push(`${side}\t${Buffer.from(data).toString('hex')}`)
    received[side].push(Buffer.from(data))
  })
  socket.on('open', () => resolve(socket))
  socket.on('error', reject)
})
const pause = ms => new Promise(resolve => setTimeout(resolve, ms))
let packets = 0
const send = (socket, packet) => {
  packets += 1
  socket.send(packet)
}

const host = await open('host')
send(host, sent.host_connect)
await pause(100)
send(host, sent.host_subscribe)
await pause(100)
const friend = await open('friend')
send(friend, sent.friend_connect)
await pause(100)
send(friend, sent.friend_subscribe)
await pause(100)
send(friend, sent.friend_publish)
await pause(100)
send(host, sent.host_publish)
await pause(100)
send(friend, sent.ping)
await pause(100)
send(host, sent.disconnect)
send(friend, sent.disconnect)
await pause(100)

// The check: what a table needs of the broker. A QoS 0 PUBLISH without
// retain is passed on as it came (the same topic and payload encode to the
// same bytes).
const connack = Buffer.from('20020000', 'hex') // accepted, no session
const suback = Buffer.from('9003000100', 'hex') // packet id 1, QoS 0
const host_got = Buffer.concat(received.host)
const friend_got = Buffer.concat(received.friend)
assert.equal(host_got.toString('hex'),
  Buffer.concat([connack, suback, sent.friend_publish]).toString('hex'), 'the host')
assert.equal(friend_got.toString('hex'),
  Buffer.concat([connack, suback, sent.host_publish, Buffer.from('d000', 'hex')]).toString('hex'),
  'the friend')
assert.equal(relays.counts.brokerPackets, packets, 'the broker counted every packet')

fs.writeFileSync(path.join(here, 'mqtt-replies.txt'), replies.join('\n') + '\n')
for (const socket of [host, friend]) socket.close()
await relays.close()
console.log(`capture-mqtt: ${replies.length} WebSocket messages written, the loopback broker relays publishes`)
