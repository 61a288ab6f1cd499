// Boots Pyodide under Node.js from a site's pyodide/ folder, installs and imports the engine
// wheel, and saves the interpreter's memory for the game's worker to start from (see
// worker.js): without its blank pages, in the file format of the memory a visit keeps
// (memory.js, whose pack() writes it), gzip-compressed. Most of the memory is zeros, and
// leaving them out of what the browser unpacks halves the time that takes.
//   node snapshot.mjs <site's pyodide folder> <engine wheel> <snapshot out> <memory.js>
// Restoring that memory skips the interpreter's own start-up, the wheel's install and the
// engine's imports: most of what a visit waits for. Pyodide saves only an interpreter with no
// package loaded through its loader, so the wheel is unpacked here by Python itself; and the
// saved memory holds no files, so the engine reads its configs into memory first
// (patience.config.hold_in_memory). Beside the engine it holds a check for the worker,
// snapshot_fits(wheel_sha256): whether this memory was made from that wheel and from the
// standard library it now meets. Nothing of the machine that built the site is in it: a fixed
// environment, and the wheel unpacked at the path the browser's would be.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { createHash } from "node:crypto";

const [folder, wheel, out, format] = process.argv.slice(2).map((arg) => resolve(arg));
if (!folder || !wheel || !out || !format) {
  console.error("usage: node snapshot.mjs <site's pyodide folder> <engine wheel> <snapshot out> <memory.js>");
  process.exit(2);
}
const { pack } = await import(pathToFileURL(format).href);
// Under Node.js, Emscripten names the program (argv[0], $_) after this script's path; a browser
// start uses this name, and the build machine's paths stay out of the snapshot.
process.argv[1] = "./this.program";
const { loadPyodide } = await import(pathToFileURL(join(folder, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: folder + "/",
  lockFileURL: join(folder, "pyodide-lock.json"),
  env: { HOME: "/home/pyodide" },
  stdout: () => {},
  _makeSnapshot: true,
});
const bytes = readFileSync(wheel);
pyodide.FS.writeFile("/tmp/engine.whl", bytes);
const sha = createHash("sha256").update(bytes).digest("hex");
pyodide.runPython(`
import os, sys, zipfile, zlib

def _stdlib_stamp():
    """The CRC of the standard library zip's directory (which holds every member's CRC)."""
    path = next(entry for entry in sys.path if entry.endswith(".zip"))
    with open(path, "rb") as archive:
        archive.seek(-22, 2)
        end = archive.read(22)
        size, offset = int.from_bytes(end[12:16], "little"), int.from_bytes(end[16:20], "little")
        archive.seek(offset)
        return zlib.crc32(archive.read(size) + end)

def snapshot_fits(wheel_sha256, _wheel="${sha}", _stdlib=_stdlib_stamp()):
    """Whether this saved interpreter holds the engine of that wheel and meets its own
    standard library: a snapshot kept in a cache across a deploy may not."""
    return wheel_sha256 == _wheel and _stdlib_stamp() == _stdlib

_site = next(entry for entry in sys.path if entry.endswith("site-packages"))
with zipfile.ZipFile("/tmp/engine.whl") as _wheel:
    _wheel.extractall(_site)
os.remove("/tmp/engine.whl")
import patience.session, patience.solver, patience.config
patience.config.hold_in_memory()
del _site, _wheel
`);
const memory = pyodide.makeMemorySnapshot();
writeFileSync(out, gzipSync(await pack(memory), { level: 9 }));
console.log(`${out}: ${memory.length} bytes of memory saved by Pyodide ${pyodide.version}`);
