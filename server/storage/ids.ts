/**
 * UUIDv7 (RFC 9562): a millisecond timestamp, then a counter for ids made in the same
 * millisecond, then random bits. Ids sort in creation order in both databases, so exports
 * list submissions in the order they arrived even when several share a millisecond.
 */
import { randomBytes } from "node:crypto";

let lastMs = 0;
let sequence = 0;

export function uuidv7(now = Date.now()): string {
  if (now <= lastMs) {
    sequence++;
    if (sequence > 0xfff) {
      // 4,096 ids in one millisecond: borrow the next millisecond.
      lastMs++;
      sequence = 0;
    }
  } else {
    lastMs = now;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  const ms = BigInt(lastMs);
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = 0x70 | (sequence >> 8); // version 7, counter high bits
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f); // RFC variant
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
