/**
 * The sender of the hostile bench's pattern (e): opens the realtime feed at the URL given and sends one 20 MB frame,
 * then prints how the server ended the socket. It runs in a process of its own so that building and masking the
 * frame does not stall the event loop that times the light reads.
 */
import WebSocket from 'ws';

const FRAME_BYTES = 20 * 1024 * 1024;

const url = process.argv[2];
if (url === undefined) {
  console.error('usage: hostile-frame <feed url with its ticket>');
  process.exit(2);
}
const socket = new WebSocket(url);
const timer = setTimeout(() => {
  socket.terminate();
  console.log('no close within 30 s');
  process.exit(0);
}, 30_000);
socket.on('open', () => socket.send(Buffer.alloc(FRAME_BYTES, 'x')));
socket.on('close', (code) => {
  clearTimeout(timer);
  console.log(`closed ${code}`);
  process.exit(0);
});
socket.on('error', () => undefined);
