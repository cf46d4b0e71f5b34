// Sends tracker-sent.txt's messages (made by src/online/signal/tracker.rs;
// tests/signal/tracker_wire.rs checks they are still what it makes) to a
// real `bittorrent-tracker` server on loopback, and writes what the server
// sent back to tracker-replies.txt, which tracker_wire.rs parses.
//
// Run again after changing the messages, or to check a newer server (from
// the repository's root; the package outside the project):
//   mkdir /tmp/bt && (cd /tmp/bt && npm init -y &&
//     npm install --ignore-scripts bittorrent-tracker@11.2.3)
//   ln -s /tmp/bt/node_modules node_modules &&
//     node tests/signal/capture-tracker.mjs; rm node_modules
import Server from 'bittorrent-tracker/server'
import WebSocket from 'ws'
import fs from 'fs'
import path from 'path'
import { fileURLToPath } from 'url'

const here = path.dirname(fileURLToPath(import.meta.url))
const sent = Object.fromEntries(
  fs.readFileSync(path.join(here, 'tracker-sent.txt'), 'utf8')
    .split('\n').filter(Boolean).map(line => line.split('\t'))
)
const replies = []
const keep = (name, text) => replies.push(`${name}\t${text}`)

const server = new Server({ http: false, udp: false, ws: true, stats: false })
server.on('warning', () => {})
server.listen(0, '127.0.0.1', async () => {
  const port = server.http.address().port
  const open = () => new Promise(resolve => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}`)
    socket.on('open', () => resolve(socket))
  })
  const next = socket => new Promise(resolve => socket.once('message', d => resolve(d.toString())))
  const host = await open()
  const friend = await open()
  const other = await open()

  host.send(sent.host_announce)
  keep('host_reply', await next(host))
  other.send(sent.other_announce) // a friend still waiting
  await next(other)

  const offerAtHost = next(host)
  const offerAtOther = next(other)
  friend.send(sent.friend_announce)
  keep('friend_reply', await next(friend))
  keep('offer_at_host', await offerAtHost)
  keep('offer_at_other', await offerAtOther)

  const answer = next(friend)
  host.send(sent.host_answer)
  keep('answer_at_friend', await answer)

  let reply = next(friend)
  friend.send(sent.friend_announce.replace('"info_hash":"', '"info_hash":"x'))
  keep('bad_info_hash_reply', await reply)
  reply = next(friend)
  friend.send(sent.friend_announce.replace('"started"', '"bogus"'))
  keep('bad_event_reply', await reply)
  reply = next(friend)
  friend.send('not json')
  keep('not_json_reply', await reply)

  friend.send(sent.friend_stop)
  await new Promise(resolve => setTimeout(resolve, 200))
  const swarm = Object.values(server.torrents)[0]
  keep('peers_after_stop', JSON.stringify({ peers: swarm.peers.length }))

  fs.writeFileSync(path.join(here, 'tracker-replies.txt'), replies.join('\n') + '\n')
  for (const socket of [host, friend, other]) socket.close()
  server.close()
  process.exit(0)
})
