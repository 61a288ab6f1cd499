// The interpreter's memory in a file, and that file as unpacked on a first visit, kept for the
// next ones (see worker.js).
//
// Most of the memory is zeros (the interpreter's stack and the free end of its heap), so the
// file holds only its pages with data: about 13 of its 31 MB. snapshot.bin is this file,
// gzip-compressed (the build writes it with pack(), under Node.js), so a first visit unpacks
// that much less; the unpacked file is kept in the origin private file system, named by its
// sha256 (as snapshot.json records it), and the next visit reads it back with a synchronous
// access handle, a plain file read.
//
// The file: MAGIC, the SHA-256 of the rest, then the memory's length, its count of pages with
// data, their numbers and their bytes (numbers little-endian, 32 bits). A kept file that fails
// its own checksum (a write cut short, a damaged disk) is deleted and the snapshot downloaded.
// Any failure here only means downloading the snapshot again.

export const PAGE = 65536;
const MAGIC = new TextEncoder().encode("PTMEM01\n");
const HEAD = MAGIC.length + 32;
const PREFIX = "memory-";

function blank(memory, start, end) {
  // Eight bytes at a time where the page is aligned (it is, in a fresh ArrayBuffer).
  if (memory.byteOffset % 8 === 0 && (end - start) % 8 === 0) {
    const words = new BigUint64Array(memory.buffer, memory.byteOffset + start, (end - start) / 8);
    for (let i = 0; i < words.length; i++) if (words[i] !== 0n) return false;
    return true;
  }
  for (let i = start; i < end; i++) if (memory[i] !== 0) return false;
  return true;
}

// The file's bytes for a memory (a Uint8Array): how the build writes the snapshot.
export async function pack(memory) {
  const pages = [];
  for (let start = 0; start < memory.length; start += PAGE) {
    if (!blank(memory, start, Math.min(start + PAGE, memory.length))) pages.push(start / PAGE);
  }
  let size = 8 + 4 * pages.length;
  for (const page of pages) size += Math.min(PAGE, memory.length - page * PAGE);
  const file = new Uint8Array(HEAD + size);
  const view = new DataView(file.buffer, HEAD);
  view.setUint32(0, memory.length, true);
  view.setUint32(4, pages.length, true);
  let at = 8;
  for (const page of pages) {
    view.setUint32(at, page, true);
    at += 4;
  }
  for (const page of pages) {
    const chunk = memory.subarray(page * PAGE, Math.min((page + 1) * PAGE, memory.length));
    file.set(chunk, HEAD + at);
    at += chunk.length;
  }
  file.set(MAGIC, 0);
  file.set(new Uint8Array(await crypto.subtle.digest("SHA-256", file.subarray(HEAD))), MAGIC.length);
  return file;
}

// Unpacks a file as its bytes arrive (a download as it is gunzipped): the memory is made as
// soon as the head has said its length, and each page is written in place. No copy of the
// whole file is made, and the memory can be handed on before the rest has arrived.
export class Unpacker {
  constructor() {
    this.memory = null; // once the head has come
    this.pages = null; // the numbers of the pages with data, once they have come
    this.head = new Uint8Array(HEAD + 8);
    this.got = 0; // bytes of the head taken so far
    this.page = 0; // the page being written, and how much of it is
    this.offset = 0;
    this.ok = true;
  }

  // Takes the file's next bytes; false once they cannot be a file that pack() wrote.
  push(bytes) {
    let at = 0;
    while (at < bytes.length && this.ok) {
      if (this.pages === null) {
        const take = Math.min(this.head.length - this.got, bytes.length - at);
        this.head.set(bytes.subarray(at, at + take), this.got);
        at += take;
        this.got += take;
        if (this.got === this.head.length) this.readHead();
      } else if (this.page === this.pages.length) {
        this.ok = false; // longer than its pages
      } else {
        const start = this.pages[this.page] * PAGE;
        const size = Math.min(PAGE, this.memory.length - start);
        const take = Math.min(size - this.offset, bytes.length - at);
        this.memory.set(bytes.subarray(at, at + take), start + this.offset);
        at += take;
        this.offset += take;
        if (this.offset === size) {
          this.page += 1;
          this.offset = 0;
        }
      }
    }
    return this.ok;
  }

  readHead() {
    const view = new DataView(this.head.buffer);
    if (this.memory === null) {
      if (MAGIC.some((byte, i) => this.head[i] !== byte)) {
        this.ok = false;
        return;
      }
      const length = view.getUint32(HEAD, true);
      const count = view.getUint32(HEAD + 4, true);
      if (count > Math.ceil(length / PAGE)) {
        this.ok = false;
        return;
      }
      this.memory = new Uint8Array(length);
      if (count > 0) {
        const head = new Uint8Array(HEAD + 8 + 4 * count);
        head.set(this.head);
        this.head = head;
        return;
      }
    }
    const count = (this.head.length - HEAD - 8) / 4;
    this.pages = Array.from({ length: count }, (_, i) => view.getUint32(HEAD + 8 + 4 * i, true));
    this.ok = this.pages.every((page) => page * PAGE < this.memory.length);
  }

  // The memory, or null if the bytes taken were not one whole file that pack() wrote.
  finish() {
    const whole = this.ok && this.pages !== null && this.page === this.pages.length;
    return whole ? this.memory : null;
  }
}

// The memory a file holds, or null if the file is not one that pack() wrote, whole.
export async function unpack(file) {
  if (file.length < HEAD + 8 || MAGIC.some((byte, i) => file[i] !== byte)) return null;
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", file.subarray(HEAD)));
  if (sum.some((byte, i) => file[MAGIC.length + i] !== byte)) return null;
  const unpacker = new Unpacker();
  unpacker.push(file);
  return unpacker.finish();
}

async function folder() {
  if (!navigator.storage || typeof navigator.storage.getDirectory !== "function") return null;
  const root = await navigator.storage.getDirectory();
  return typeof FileSystemFileHandle === "function" && "createSyncAccessHandle" in FileSystemFileHandle.prototype
    ? root
    : null;
}

// The kept memory, as {sha, bytes}, or null. Read at once, before the page's snapshot.json
// says which memory this build wants: the caller compares the two.
export async function keptMemory() {
  try {
    const root = await folder();
    if (!root) return null;
    let name = null;
    for await (const entry of root.keys()) if (entry.startsWith(PREFIX)) name = entry;
    if (!name) return null;
    const handle = await root.getFileHandle(name);
    // Read-only handles let two tabs read at once; a browser without them locks the file,
    // and the other tab downloads the snapshot.
    const access = await handle.createSyncAccessHandle({ mode: "read-only" });
    let file;
    try {
      file = new Uint8Array(access.getSize());
      access.read(file, { at: 0 });
    } finally {
      access.close();
    }
    const bytes = await unpack(file);
    if (bytes) return { sha: name.slice(PREFIX.length, -".bin".length), bytes };
    await root.removeEntry(name).catch(() => {});
    return null;
  } catch {
    return null;
  }
}

// Where an earlier build of the site kept the memory (Cache Storage, slower to read).
const OLD_CACHE = "patience.memory";

async function removeKept(root) {
  for await (const entry of root.keys()) {
    if (entry.startsWith(PREFIX)) await root.removeEntry(entry).catch(() => {});
  }
}

// Keep a memory's file whose sha256 has been checked, in place of any other: `parts`, its
// bytes in order, as they arrived.
export async function keepMemory(sha, parts) {
  try {
    if (self.caches) await caches.delete(OLD_CACHE).catch(() => {});
    const root = await folder();
    if (!root) return;
    await removeKept(root);
    const access = await (await root.getFileHandle(`${PREFIX}${sha}.bin`, { create: true })).createSyncAccessHandle();
    try {
      // One write, so that no reader ever sees the file part-written.
      const file = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
      let at = 0;
      for (const part of parts) {
        file.set(part, at);
        at += part.length;
      }
      access.truncate(0);
      access.write(file, { at: 0 });
      access.flush();
    } finally {
      access.close();
    }
  } catch (error) {
    console.info(`Patience: the unpacked snapshot is not kept (${error && error.message})`);
  }
}

// Drop the kept memory (it failed to restore): the next visit downloads the snapshot.
export async function forgetMemory() {
  const root = await folder();
  if (root) await removeKept(root);
}
