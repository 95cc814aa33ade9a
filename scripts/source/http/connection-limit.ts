/**
 * A bounded number of open connections. Idle ones (connected, no request in flight: a client that keeps connections
 * open, or one that never sends a whole request) are closed first, oldest idle first, to make room; only when every
 * connection is busy is a new one turned away, with a 503 problem. Without a bound, 20,500 idle connections starved
 * authorised requests for 30 s.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { writeSocketProblem } from './socket-problem.ts';

export const DEFAULT_MAX_CONNECTIONS = 256;

export function limitConnections(server: Server, max = DEFAULT_MAX_CONNECTIONS): void {
  const open = new Set<Socket>();
  // Insertion order is the order they became idle: the first is the one idle longest.
  const idle = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    if (open.size >= max) {
      const oldest = idle.values().next().value;
      if (oldest === undefined) {
        writeSocketProblem(socket, 503, 'Too many connections are busy; try again shortly.', { 'Retry-After': '1' });
        return;
      }
      idle.delete(oldest);
      open.delete(oldest);
      oldest.destroy();
    }
    open.add(socket);
    idle.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      idle.delete(socket);
    });
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    idle.delete(socket);
    res.once('close', () => {
      if (open.has(socket) && !socket.destroyed) idle.add(socket);
    });
  });
}
