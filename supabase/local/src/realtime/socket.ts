// /realtime/v1/websocket: the Phoenix socket supabase-js talks to (vsn 2.0.0 and 1.0.0). The apikey
// query parameter is checked at upgrade time; each frame is decoded and dispatched to the hub.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { LocalContext } from '../context.ts';
import type { RequestAuth } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { resolveRequestAuth } from '../keys.ts';
import type { ChannelMember } from './channel-member.ts';
import { prepareRealtime } from './change-capture.ts';
import { startDatabaseBroadcast } from './database-broadcast.ts';
import { decodeFrame, encodeFrame, isBinaryBroadcast, type PhoenixMessage, type SerializerVersion } from './phoenix-serializer.ts';
import { RealtimeHub, type HubConnection } from './realtime-hub.ts';

export const realtimeSocketPath = '/realtime/v1/websocket';
const maxFrameBytes = 3 * 1024 * 1024;
/** Phoenix drops a socket that has sent nothing (not even a heartbeat) for this long. */
const idleTimeoutMs = 60_000;

const hubs = new WeakMap<LocalContext, RealtimeHub>();

/** The hub of a running server (for the REST broadcast endpoint). */
export function realtimeHubOf(ctx: LocalContext): RealtimeHub | undefined {
  return hubs.get(ctx);
}

class SocketConnection implements HubConnection {
  readonly members = new Map<string, ChannelMember>();
  readonly vsn: SerializerVersion;
  auth: RequestAuth;
  lastSeen = Date.now();
  private readonly ws: WebSocket;

  constructor(ws: WebSocket, vsn: SerializerVersion, auth: RequestAuth) {
    this.ws = ws;
    this.vsn = vsn;
    this.auth = auth;
  }

  send(message: PhoenixMessage): void {
    this.sendText(encodeFrame(message, this.vsn));
  }

  sendText(frame: string): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame);
  }

  sendBinary(frame: Buffer): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame, { binary: true });
  }

  reply(request: PhoenixMessage, status: 'ok' | 'error', response: Record<string, unknown>): void {
    this.send({ joinRef: request.joinRef, ref: request.ref, topic: request.topic, event: 'phx_reply', payload: { status, response } });
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }
}

function rejectUpgrade(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found'}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  return headers;
}

async function handleMessage(hub: RealtimeHub, connection: SocketConnection, data: RawData, isBinary: boolean): Promise<void> {
  const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
  const message = decodeFrame(buffer, isBinary, connection.vsn);
  // Undecodable frames are dropped: there is no ref to answer, and the socket stays usable.
  if (!message) return;

  if (isBinaryBroadcast(message)) {
    const member = connection.members.get(message.topic);
    if (member) await hub.broadcastBinary(member, message);
    return;
  }

  if (message.topic === 'phoenix') {
    if (message.event === 'heartbeat') connection.reply(message, 'ok', {});
    else connection.reply(message, 'error', { reason: 'unknown event on topic phoenix' });
    return;
  }
  if (message.event === 'phx_join') {
    await hub.join(connection, message);
    return;
  }

  const member = connection.members.get(message.topic);
  if (!member) {
    connection.reply(message, 'error', { reason: 'unmatched topic' });
    return;
  }
  switch (message.event) {
    case 'phx_leave':
      hub.leave(member, message);
      return;
    case 'access_token':
      await hub.updateAccessToken(member, message);
      return;
    case 'broadcast': {
      const event = message.payload.event;
      if (typeof event !== 'string') {
        connection.reply(message, 'error', { reason: 'broadcast needs an event name' });
        return;
      }
      // A private channel's send without broadcast write is dropped unanswered, as hosted does.
      const sent = await hub.memberBroadcast(member, { event, payload: message.payload.payload });
      if (sent && member.broadcastAck) connection.reply(message, 'ok', {});
      return;
    }
    case 'presence': {
      const event = message.payload.event;
      const payload = message.payload.payload;
      if (event === 'track' && typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
        const tracked = await hub.track(member, payload as Record<string, unknown>);
        connection.reply(message, tracked ? 'ok' : 'error', {});
      } else if (event === 'untrack') {
        hub.untrack(member);
        connection.reply(message, 'ok', {});
      } else {
        connection.reply(message, 'error', { reason: 'presence needs event track (with an object payload) or untrack' });
      }
      return;
    }
    default:
      connection.reply(message, 'error', { reason: `unknown event ${message.event}` });
  }
}

/** `ready` settles once change capture is installed, so the server starts serving only after it. */
export function attachRealtime(ctx: LocalContext, server: Server): { close(): Promise<void>; ready: Promise<void> } {
  const hub = new RealtimeHub(ctx);
  hubs.set(ctx, hub);
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes });
  const connections = new Set<SocketConnection>();
  let stopDatabaseBroadcast: (() => Promise<void>) | null = null;
  const started = prepareRealtime(ctx)
    .then(() => hub.changes.start())
    .then(async () => {
      stopDatabaseBroadcast = await startDatabaseBroadcast(ctx.db, hub);
    })
    .catch((error: unknown) => console.error('[realtime] could not start change capture', error));

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== realtimeSocketPath) {
      rejectUpgrade(socket, 404, 'Not found');
      return;
    }
    resolveRequestAuth(ctx.keys, headersOf(request), url).then(
      (auth) => {
        const vsn: SerializerVersion = url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0';
        wss.handleUpgrade(request, socket, head, (ws) => {
          const connection = new SocketConnection(ws, vsn, auth);
          connections.add(connection);
          // Frames of one socket are handled in order (a join must finish before the next push).
          let chain: Promise<void> = Promise.resolve();
          ws.on('message', (data, isBinary) => {
            connection.lastSeen = Date.now();
            chain = chain.then(() => handleMessage(hub, connection, data, isBinary)).catch((error: unknown) => console.error('[realtime] frame failed', error));
          });
          ws.on('close', () => {
            connections.delete(connection);
            for (const member of [...connection.members.values()]) hub.remove(member);
          });
          ws.on('error', () => ws.terminate());
        });
      },
      (error: unknown) => {
        const status = error instanceof HttpError ? (error.status === 401 ? 401 : 403) : 403;
        rejectUpgrade(socket, status, error instanceof Error ? error.message : 'Unauthorized');
      },
    );
  };
  server.on('upgrade', onUpgrade);

  const idleTimer = setInterval(() => {
    const now = Date.now();
    for (const connection of connections) if (now - connection.lastSeen > idleTimeoutMs) connection.close(1000, 'heartbeat timeout');
  }, idleTimeoutMs / 2);
  idleTimer.unref();

  return {
    ready: started,
    async close() {
      server.off('upgrade', onUpgrade);
      clearInterval(idleTimer);
      for (const connection of connections) connection.close(1001, 'server shutting down');
      await started;
      await hub.changes.stop();
      await stopDatabaseBroadcast?.();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      hubs.delete(ctx);
    },
  };
}
