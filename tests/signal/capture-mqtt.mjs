// Sends mqtt-sent.txt's packets (made by src/online/signal/mqtt.rs;
// tests/signal/mqtt_packets.rs checks they are still what it makes) to a
// real MQTT broker, Mosquitto, over a WebSocket on loopback, as a host and
// a friend would, and writes every WebSocket message each side received
// to mqtt-replies.txt (hex), which mqtt_packets.rs decodes.
//
// Run again after changing the packets (from the repository's root, with
// Debian's `mosquitto` installed and the npm package `ws` outside the
// project, as for capture-tracker.mjs):
//   ln -s /tmp/bt/node_modules node_modules &&
//     node tests/signal/capture-mqtt.mjs; rm node_modules
import WebSocket from 'ws'
import fs from 'fs'
import os from 'os'
import path from 'path'
import { spawn } from 'child_process'
import { fileURLToPath } from 'url'

const here = path.dirname(fileURLToPath(import.meta.url))
const sent = Object.fromEntries(
  fs.readFileSync(path.join(here, 'mqtt-sent.txt'), 'utf8')
    .split('\n').filter(Boolean).map(line => line.split('\t'))
    .map(([name, hex]) => [name, Buffer.from(hex, 'hex')])
)
const port = 18000 + Math.floor(Math.random() * 1000)
const config = path.join(os.tmpdir(), `ono99-mosquitto-${port}.conf`)
// Debian 12's Mosquitto 2.0.11 opens a websockets listener only beside a
// plain one ("Unable to start any listening sockets" otherwise).
fs.writeFileSync(config, [
  `listener ${port + 1} 127.0.0.1`,
  `listener ${port} 127.0.0.1`, 'protocol websockets',
  'allow_anonymous true', ''
].join('\n'))
const broker = spawn('mosquitto', ['-c', config], { stdio: 'ignore' })
await new Promise(resolve => setTimeout(resolve, 500))

const replies = []
const open = side => new Promise(resolve => {
  const socket = new WebSocket(`ws://127.0.0.1:${port}`, 'mqtt')
  socket.on('message', data => replies.push(`${side}\t${Buffer.from(data).toString('hex')}`))
  socket.on('open', () => resolve(socket))
})
const pause = ms => new Promise(resolve => setTimeout(resolve, ms))

const host = await open('host')
host.send(sent.host_connect)
await pause(100)
host.send(sent.host_subscribe)
await pause(100)
const friend = await open('friend')
friend.send(sent.friend_connect)
await pause(100)
friend.send(sent.friend_subscribe)
await pause(100)
friend.send(sent.friend_publish)
await pause(100)
host.send(sent.host_publish)
await pause(100)
friend.send(sent.ping)
await pause(100)
host.send(sent.disconnect)
friend.send(sent.disconnect)
await pause(100)

fs.writeFileSync(path.join(here, 'mqtt-replies.txt'), replies.join('\n') + '\n')
const exited = new Promise(resolve => broker.on('exit', resolve))
broker.kill()
await exited
fs.unlinkSync(config)
process.exit(0)
