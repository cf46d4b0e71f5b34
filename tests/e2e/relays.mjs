// Loopback relays for the "play with friends from one link" tests (issue
// 30, docs/online.md "Signaling over relays"): a WebTorrent tracker and an
// MQTT broker, each on 127.0.0.1 and a free port, run in this process from
// the project's own npm packages (`bittorrent-tracker`'s server, `aedes`
// over `ws`), so a machine set up by `make test` has them and no test
// reaches a public relay.
//
//   const relays = await startRelays();
//   relays.trackerUrl  // 'ws://127.0.0.1:<port>', a relay line as it is
//   relays.brokerUrl   // 'mqtt+ws://127.0.0.1:<port>', our line for a broker
//   relays.counts      // { trackerMessages, brokerPackets }, as traffic passes
//   await relays.close();
//
// For a test that must look inside, `relays.tracker` is the
// `bittorrent-tracker` server (its swarms in `.torrents`, by info hash in
// hex) and `relays.broker` the Aedes broker.
//
// `startRelays({ tracker: false })` or `({ broker: false })` starts only one
// (the other's URL is then null), to test a page that has one network left.
//
// The tracker speaks only the WebSocket protocol (no HTTP, UDP or stats
// page), held to the rules of the public trackers players meet (the
// OpenWebTorrent tracker, wt-tracker, aquatic_ws), which are stricter than
// `bittorrent-tracker`'s own: an announce whose `event` is anything but
// none, `started`, `stopped` or `completed` (`"update"`, say) closes the
// socket at once with no reply, and so do 180 s without a message (the
// socket then leaves every swarm, as the server does on any close).
// `counts.trackerClosed` counts the sockets closed so. The broker speaks MQTT 3.1.1 to a WebSocket that asks for the
// sub-protocol "mqtt" (as our client does, `mqtt::WS_PROTOCOL`) and refuses
// one that asks for others; the URL's path does not matter to either.
//
// `counts.trackerMessages` is the WebSocket messages the tracker received
// (announces, answers and anything malformed); `counts.brokerPackets` the
// MQTT packets the broker received (counted from the bytes, however the
// WebSocket messages cut them). A test reads them to know that signalling
// went through a relay, or through which one.
//
// close() ends every connection and timer, so a test run can exit.
import { createServer } from 'node:http';
import { Aedes } from 'aedes';
import TrackerServer from 'bittorrent-tracker/server';
import { WebSocketServer, createWebSocketStream } from 'ws';

const HOST = '127.0.0.1';
/** The events public trackers take (besides none). */
const PUBLIC_EVENTS = ['started', 'stopped', 'completed'];
/** A socket silent this long is closed (aquatic_ws's 180 s). */
const TRACKER_IDLE_MS = 180_000;

/** Starts the relays asked for; resolves once both are listening. */
export async function startRelays({ tracker = true, broker = true } = {}) {
  const counts = { trackerMessages: 0, brokerPackets: 0, trackerClosed: 0 };
  const closers = [];
  let closing = null;
  const close = () => {
    closing ??= (async () => {
      for (const stop of closers.reverse()) await stop();
    })();
    return closing;
  };
  try {
    const t = tracker ? await startTracker(counts, closers) : { url: null, server: null };
    const b = broker ? await startBroker(counts, closers) : { url: null, aedes: null };
    return { trackerUrl: t.url, brokerUrl: b.url, counts, close, tracker: t.server, broker: b.aedes };
  } catch (e) {
    await close();
    throw e;
  }
}

async function startTracker(counts, closers) {
  const server = new TrackerServer({ udp: false, http: false, ws: true, stats: false });
  // Warnings are a client's mistakes (a bad announce, an answer to a peer
  // gone): the server answered or dropped it, as a public tracker would.
  server.on('warning', () => {});
  // The server does not keep its WebSockets (clientTracking: false) and an
  // open one keeps the port open: they are kept here, to end on close().
  const sockets = new Set();
  server.ws.on('connection', (socket) => {
    sockets.add(socket);
    const shut = () => {
      counts.trackerClosed += 1;
      socket.terminate();
    };
    let silence = setTimeout(shut, TRACKER_IDLE_MS);
    socket.on('close', () => {
      clearTimeout(silence);
      sockets.delete(socket);
    });
    socket.on('message', (data) => {
      counts.trackerMessages += 1;
      clearTimeout(silence);
      silence = setTimeout(shut, TRACKER_IDLE_MS);
      let message = null;
      try {
        message = JSON.parse(String(data));
      } catch {
        return; // the server refuses it (a warning)
      }
      const event = message?.event;
      if (message?.action === 'announce' && event !== undefined && !PUBLIC_EVENTS.includes(event)) shut();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => {
      server.off('error', reject);
      server.on('error', () => {});
      resolve();
    });
  });
  closers.push(
    () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.terminate();
        server.close(() => resolve());
      }),
  );
  return { url: `ws://${HOST}:${server.http.address().port}`, server };
}

async function startBroker(counts, closers) {
  // No $SYS heartbeat while a test runs (the timer is cleared on close).
  const aedes = await Aedes.createBroker({ heartbeatInterval: 60 * 60 * 1000 });
  closers.push(() => new Promise((resolve) => aedes.close(() => resolve())));
  const http = createServer((req, res) => {
    res.statusCode = 404;
    res.end();
  });
  const wss = new WebSocketServer({
    server: http,
    perMessageDeflate: false,
    handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false),
  });
  wss.on('connection', (socket, req) => {
    socket.on('message', mqttPacketCounter(() => {
      counts.brokerPackets += 1;
    }));
    const stream = createWebSocketStream(socket);
    stream.on('error', () => {});
    aedes.handle(stream, req);
  });
  wss.on('error', () => {});
  await new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, HOST, () => {
      http.off('error', reject);
      resolve();
    });
  });
  closers.push(
    () =>
      new Promise((resolve) => {
        // wss.clients: the sockets aedes has not closed yet (one that
        // never sent CONNECT, say).
        for (const socket of wss.clients) socket.terminate();
        wss.close();
        http.close(() => resolve());
      }),
  );
  return { url: `mqtt+ws://${HOST}:${http.address().port}`, aedes };
}

/** Calls `onPacket` for each whole MQTT packet in a stream of chunks: a
 *  first byte, the remaining length (1 to 4 bytes, 7 bits each, low
 *  first), then that many bytes. Stops counting at a malformed length
 *  (the broker closes that connection). */
function mqttPacketCounter(onPacket) {
  let pending = Buffer.alloc(0);
  let broken = false;
  return (chunk) => {
    if (broken) return;
    pending = Buffer.concat([pending, Buffer.from(chunk)]);
    for (;;) {
      let length = 0;
      let at = 1;
      for (;;) {
        if (at >= pending.length) return;
        length += (pending[at] & 0x7f) * 128 ** (at - 1);
        if ((pending[at] & 0x80) === 0) break;
        at += 1;
        if (at > 4) {
          broken = true;
          return;
        }
      }
      const end = at + 1 + length;
      if (pending.length < end) return;
      pending = pending.subarray(end);
      onPacket();
    }
  };
}
