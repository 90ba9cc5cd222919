/** R|Protocol framing: `[int32 big-endian length][protobuf]` in one binary WebSocket frame (async_rithmic base.py). */

/** The largest frame the fake accepts or sends: far above any request it serves (the fake's choice). */
export const MAX_FRAME_BYTES = 64 * 1024;

export function frame(payload: Uint8Array): Buffer {
  const out = Buffer.alloc(4 + payload.length);
  out.writeInt32BE(payload.length, 0);
  out.set(payload, 4);
  return out;
}

/** The payload of one frame, or the reason it is not a frame. */
export function unframe(data: Buffer): { payload: Uint8Array } | { error: string } {
  if (data.length < 4) return { error: 'frame shorter than its length prefix' };
  if (data.length > MAX_FRAME_BYTES) return { error: `frame over ${MAX_FRAME_BYTES} bytes` };
  const length = data.readInt32BE(0);
  if (length !== data.length - 4)
    return { error: `length prefix ${length} but ${data.length - 4} bytes follow` };
  return { payload: data.subarray(4) };
}
