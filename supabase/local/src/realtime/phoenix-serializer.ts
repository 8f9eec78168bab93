// Phoenix channel frames. vsn 1.0.0: JSON objects; vsn 2.0.0: JSON arrays
// `[join_ref, ref, topic, event, payload]` plus binary user-broadcast frames (kind 3 in, kind 4 out).

export type SerializerVersion = '1.0.0' | '2.0.0';

export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** A user broadcast whose payload stayed binary (encoding 0) on the way in. */
export interface BinaryBroadcast {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  userEvent: string;
  binaryPayload: Uint8Array;
}

const kindUserBroadcastPush = 3;
const kindUserBroadcast = 4;
const encodingBinary = 0;
const encodingJson = 1;

function asRef(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

function asPayload(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function decodeText(text: string, vsn: SerializerVersion): PhoenixMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return null;
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    const body = asPayload(payload);
    if (typeof topic !== 'string' || typeof event !== 'string' || !body) return null;
    return { joinRef: asRef(joinRef), ref: asRef(ref), topic, event, payload: body };
  }
  const object = asPayload(parsed);
  if (!object) return null;
  const body = asPayload(object.payload);
  if (typeof object.topic !== 'string' || typeof object.event !== 'string' || !body) return null;
  return { joinRef: asRef(object.join_ref), ref: asRef(object.ref), topic: object.topic, event: object.event, payload: body };
}

/** Kind-3 frame: `3, len(join_ref), len(ref), len(topic), len(event), len(meta), encoding, …strings, payload`. */
function decodeBinary(bytes: Uint8Array): PhoenixMessage | BinaryBroadcast | null {
  if (bytes.byteLength < 7 || bytes[0] !== kindUserBroadcastPush) return null;
  const lengths = [bytes[1]!, bytes[2]!, bytes[3]!, bytes[4]!, bytes[5]!];
  const encoding = bytes[6]!;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 7;
  const parts: string[] = [];
  try {
    for (const length of lengths) {
      if (offset + length > bytes.byteLength) return null;
      parts.push(decoder.decode(bytes.subarray(offset, offset + length)));
      offset += length;
    }
    const [joinRef, ref, topic, userEvent, metadataText] = parts as [string, string, string, string, string];
    const rest = bytes.subarray(offset);
    const metadata = metadataText ? asPayload(JSON.parse(metadataText)) ?? {} : {};
    if (encoding === encodingBinary) {
      return { joinRef: joinRef || null, ref: ref || null, topic, userEvent, binaryPayload: rest };
    }
    if (encoding !== encodingJson) return null;
    const userPayload: unknown = rest.byteLength === 0 ? {} : JSON.parse(decoder.decode(rest));
    return {
      joinRef: joinRef || null,
      ref: ref || null,
      topic,
      event: 'broadcast',
      payload: { ...metadata, type: 'broadcast', event: userEvent, payload: userPayload },
    };
  } catch {
    return null;
  }
}

/** Returns null for frames that are not valid for the negotiated serializer. */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: SerializerVersion): PhoenixMessage | BinaryBroadcast | null {
  if (isBinary) return vsn === '2.0.0' ? decodeBinary(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)) : null;
  return decodeText(data.toString('utf8'), vsn);
}

export function isBinaryBroadcast(message: PhoenixMessage | BinaryBroadcast): message is BinaryBroadcast {
  return 'binaryPayload' in message;
}

export function encodeFrame(message: PhoenixMessage, vsn: SerializerVersion): string {
  return encodeFrameWithPayloadJson(message, JSON.stringify(message.payload), vsn);
}

/** A frame around a payload already encoded as JSON text (one encoding shared by many recipients). */
export function encodeFrameWithPayloadJson(message: Omit<PhoenixMessage, 'payload'>, payloadJson: string, vsn: SerializerVersion): string {
  const head = [message.joinRef, message.ref, message.topic, message.event].map((value) => JSON.stringify(value));
  if (vsn === '2.0.0') return `[${head.join(',')},${payloadJson}]`;
  return `{"join_ref":${head[0]},"ref":${head[1]},"topic":${head[2]},"event":${head[3]},"payload":${payloadJson}}`;
}

/** Kind-4 frame for a broadcast whose payload is binary (only vsn 2.0.0 clients can receive it). */
export function encodeBinaryBroadcast(topic: string, userEvent: string, payload: Uint8Array): Buffer {
  const encoder = new TextEncoder();
  const topicBytes = encoder.encode(topic);
  const eventBytes = encoder.encode(userEvent);
  const header = Buffer.from([kindUserBroadcast, topicBytes.byteLength, eventBytes.byteLength, 0, encodingBinary]);
  return Buffer.concat([header, topicBytes, eventBytes, payload]);
}
