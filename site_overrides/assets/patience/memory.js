// The interpreter's memory in a file, and that file as unpacked on a first visit, kept for the
// next ones (see worker.js).
//
// Most of the memory is zeros (the interpreter's stack and the free end of its heap), so the
// file holds only its pages with data: about 13 of its 31 MB. snapshot.bin is this file,
// gzip-compressed (the build writes it with pack(), under Node.js), so a first visit unpacks
// that much less; the unpacked file is kept in the origin private file system, named by its
// sha256 (as snapshot.json records it), and the next visit reads it back with a synchronous access handle, a plain
// file read.
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

// The memory a file holds, or null if the file is not one that pack() wrote, whole. `checked`:
// the caller has checked the whole file already (the snapshot, against snapshot.json), so its
// own checksum is not taken again.
export async function unpack(file, { checked = false } = {}) {
  if (file.length < HEAD + 8 || MAGIC.some((byte, i) => file[i] !== byte)) return null;
  if (!checked) {
    const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", file.subarray(HEAD)));
    if (sum.some((byte, i) => file[MAGIC.length + i] !== byte)) return null;
  }
  const view = new DataView(file.buffer, file.byteOffset + HEAD);
  const length = view.getUint32(0, true);
  const count = view.getUint32(4, true);
  const memory = new Uint8Array(length);
  let at = 8 + 4 * count;
  for (let i = 0; i < count; i++) {
    const start = view.getUint32(8 + 4 * i, true) * PAGE;
    const size = Math.min(PAGE, length - start);
    if (size <= 0 || HEAD + at + size > file.length) return null;
    memory.set(file.subarray(HEAD + at, HEAD + at + size), start);
    at += size;
  }
  return HEAD + at === file.length ? memory : null;
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

// Keep a memory's file whose sha256 has been checked, in place of any other.
export async function keepMemory(sha, file) {
  try {
    if (self.caches) await caches.delete(OLD_CACHE).catch(() => {});
    const root = await folder();
    if (!root) return;
    await removeKept(root);
    const access = await (await root.getFileHandle(`${PREFIX}${sha}.bin`, { create: true })).createSyncAccessHandle();
    try {
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
