import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto';

/** HMAC-SHA-256, the one primitive of RFC 5869 HKDF that RFC 8291 and RFC 8188 spell their steps with. */
function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/**
 * Decrypts one `aes128gcm` push message body (RFC 8188 §2 framing, RFC 8291 §3 keys) with the user agent's
 * key pair and auth secret. Throws when anything does not check out (the tag, the framing, the padding).
 */
export function decryptPushBody(body: Buffer, ua: ECDH, authSecret: Buffer): Buffer {
  // RFC 8188 §2.1: salt (16) | rs (uint32) | idlen (1) | keyid (idlen) | records.
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  // RFC 8291 §4: the keyid is the application server's uncompressed P-256 public key.
  if (idlen !== 65 || asPublic[0] !== 0x04) throw new Error('keyid is not an uncompressed P-256 key');
  if (rs < 18) throw new Error('record size below 18');
  const ciphertext = body.subarray(21 + idlen);
  // RFC 8291 §4: a push message is a single record.
  if (ciphertext.length > rs) throw new Error('more than one record');

  const uaPublic = ua.getPublicKey();
  // RFC 8291 §3.3 and §3.4.
  const ecdhSecret = ua.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  // RFC 8188 §2.2 and §2.3.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);

  if (ciphertext.length < 17) throw new Error('record shorter than the tag');
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // RFC 8188 §2: the last record ends with the delimiter 0x02, then zero or more 0x00 of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** A user agent's subscription keys (what PushManager.subscribe() makes in a browser). */
export function newUserAgentKeys(): { ecdh: ECDH; auth: Buffer } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}
