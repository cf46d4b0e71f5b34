// The inside half of tcp-only.mjs: run in the browser's own network
// namespace, it listens on 127.0.0.1 at each port given and carries every
// connection to the Unix socket `<dir>/<port>.sock` (the outside half
// connects that to the port on the suite's loopback). Once all listen it
// writes `<dir>/ready`.
//
//   node tcp-forward.mjs <dir> <port>...
import { createServer, connect } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, ...ports] = process.argv.slice(2);
let listening = 0;
for (const port of ports.map(Number)) {
  const server = createServer((inner) => {
    const outer = connect(join(dir, `${port}.sock`));
    inner.pipe(outer).pipe(inner);
    const end = () => { inner.destroy(); outer.destroy(); };
    inner.on('error', end);
    outer.on('error', end);
  });
  server.listen(port, '127.0.0.1', () => {
    listening += 1;
    if (listening === ports.length) writeFileSync(join(dir, 'ready'), '');
  });
}
// Ends with the browser that started it (its parent, until it exits).
const parent = process.ppid;
setInterval(() => { if (process.ppid !== parent) process.exit(0); }, 500);
