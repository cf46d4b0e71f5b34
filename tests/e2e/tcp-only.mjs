// A browser on a network with no direct path to the others (issue 38): as
// behind a symmetric NAT or a firewall that lets only TCP out. It runs in
// a network namespace of its own (`unshare -n`), whose only way out is a
// TCP forward of the ports it is given (the site, the relays), carried over
// Unix sockets to this process, which connects each to the same port on
// this namespace's loopback. No UDP and no other TCP leaves it: WebRTC
// gathers candidates on its own interface (a veth pair with a default
// route, as scripts/netns.sh gives the suite) that reach nobody, so no
// direct connection to another browser can open.
//
//   const far = await tcpOnlyBrowser([serverPort, trackerPort, brokerPort]);
//   const page = await far.browser.newPage();  ...
//   await far.close();
//
// Needs root, `unshare` and `ip` (the suite's scripts/netns.sh has them).
import { chromium } from 'playwright-core';
import { createServer, connect } from 'node:net';
import { mkdtempSync, writeFileSync, chmodSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FORWARDER = fileURLToPath(new URL('./tcp-forward.mjs', import.meta.url));

/** A Chromium whose network is TCP to `ports` on loopback only. */
export async function tcpOnlyBrowser(ports) {
  const dir = mkdtempSync(join(tmpdir(), 'ono99-tcp-only-'));
  // This side: each Unix socket to its port on this loopback.
  const servers = ports.map((port) => {
    const server = createServer((inner) => {
      const outer = connect(port, '127.0.0.1');
      inner.pipe(outer).pipe(inner);
      const end = () => { inner.destroy(); outer.destroy(); };
      inner.on('error', end);
      outer.on('error', end);
    });
    server.listen(join(dir, `${port}.sock`));
    return server;
  });
  // That side: the namespace, its forwards, then Chromium in it. The
  // forwarder lets go of the browser's pipes (fds 3 and 4), and Chromium
  // starts once every forward listens.
  const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
  const inside = [
    'ip link set lo up',
    'ip link add w0 type veth peer name w1',
    'ip addr add 10.77.0.1/24 dev w0',
    'ip addr add 10.77.0.2/24 dev w1',
    'ip link set w0 up', 'ip link set w1 up',
    'ip route add default via 10.77.0.2',
    `node ${JSON.stringify(FORWARDER)} ${JSON.stringify(dir)} ${ports.join(' ')} 3>&- 4>&- &`,
    `for i in $(seq 200); do [ -e ${JSON.stringify(join(dir, 'ready'))} ] && break; sleep 0.05; done`,
    `exec ${JSON.stringify(chromiumPath)} "$@"`,
  ].join('\n');
  const wrapper = join(dir, 'chromium.sh');
  writeFileSync(wrapper, `#!/bin/bash\nexec unshare -n bash -c ${shellQuote(inside)} chromium "$@"\n`);
  chmodSync(wrapper, 0o755);
  const browser = await chromium.launch({
    executablePath: wrapper,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
    ],
  });
  if (!existsSync(join(dir, 'ready'))) throw new Error('tcp-only: the forwards never listened');
  return {
    browser,
    async close() {
      await browser.close().catch(() => {});
      for (const s of servers) s.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function shellQuote(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
