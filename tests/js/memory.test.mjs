// The kept memory's file format (site_overrides/assets/patience/memory.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { PAGE, Unpacker, pack, unpack } from "../../site_overrides/assets/patience/memory.js";

// A memory of `pages` pages and a bit, with data in the pages listed in `full`.
function memoryWith(pages, full) {
  const memory = new Uint8Array(pages * PAGE + 1000);
  for (const page of full) {
    for (let i = page * PAGE; i < Math.min((page + 1) * PAGE, memory.length); i += 97) memory[i] = (i * 31) % 251 || 1;
  }
  return memory;
}

test("a packed memory unpacks to the same bytes, its blank pages left out of the file", async () => {
  const memory = memoryWith(12, [0, 3, 4, 12]);
  memory[7 * PAGE + PAGE - 1] = 9; // one byte at a page's very end counts
  const file = await pack(memory);
  assert.ok(file.length < 6 * PAGE, `the file takes ${file.length} bytes`);
  assert.deepEqual(await unpack(file), memory);
});

test("an all-blank memory and an empty one round-trip too", async () => {
  for (const memory of [new Uint8Array(3 * PAGE), new Uint8Array(0)]) {
    assert.deepEqual(await unpack(await pack(memory)), memory);
  }
});

test("a damaged, cut or foreign file gives no memory", async () => {
  const file = await pack(memoryWith(4, [1, 2]));
  const damaged = file.slice();
  damaged[damaged.length - 5] ^= 1;
  assert.equal(await unpack(damaged), null);
  assert.equal(await unpack(file.slice(0, file.length - 1)), null);
  assert.equal(await unpack(file.slice(0, 20)), null);
  const foreign = file.slice();
  foreign[0] = 0x41;
  assert.equal(await unpack(foreign), null);
  const longer = new Uint8Array(file.length + 1);
  longer.set(file);
  assert.equal(await unpack(longer), null);
});

// The file's bytes in pieces of `size` bytes, as a download delivers them.
function* pieces(file, size) {
  for (let at = 0; at < file.length; at += size) yield file.subarray(at, at + size);
}

test("a file unpacked as it arrives, in pieces of any size, gives the same memory", async () => {
  const memory = memoryWith(9, [0, 2, 5, 9]);
  const file = await pack(memory);
  for (const size of [1, 7, 4096, PAGE + 3, file.length]) {
    const unpacker = new Unpacker();
    for (const piece of pieces(file, size)) assert.ok(unpacker.push(piece));
    assert.deepEqual(unpacker.finish(), memory, `in pieces of ${size} bytes`);
  }
});

test("the memory is there to hand on once the head has arrived, and filled as pages come", async () => {
  const memory = memoryWith(3, [1]);
  const file = await pack(memory);
  const unpacker = new Unpacker();
  unpacker.push(file.subarray(0, 40));
  assert.equal(unpacker.memory, null);
  unpacker.push(file.subarray(40, 48));
  assert.equal(unpacker.memory.length, memory.length);
  assert.ok(unpacker.memory.every((byte) => byte === 0));
  const given = unpacker.memory;
  unpacker.push(file.subarray(48));
  assert.equal(unpacker.finish(), given);
  assert.deepEqual(given, memory);
});

test("an unpacker refuses a foreign, cut or overlong file, whatever the pieces", async () => {
  const file = await pack(memoryWith(4, [1, 2]));
  const foreign = file.slice();
  foreign[3] ^= 1;
  const unpacked = (bytes) => {
    const unpacker = new Unpacker();
    for (const piece of pieces(bytes, 1000)) unpacker.push(piece);
    return unpacker.finish();
  };
  assert.equal(unpacked(foreign), null);
  assert.equal(new Unpacker().push(foreign), false);
  assert.equal(unpacked(file.subarray(0, file.length - 1)), null);
  assert.equal(unpacked(file.subarray(0, 30)), null);
  const longer = new Uint8Array(file.length + 1);
  longer.set(file);
  assert.equal(unpacked(longer), null);
});
