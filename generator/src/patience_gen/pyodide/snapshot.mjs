// Boots Pyodide under Node.js from a site's pyodide/ folder and saves the interpreter's memory
// just after start-up, gzip-compressed, for the game's worker to start from (see worker.js).
//   node snapshot.mjs <site's pyodide folder> <snapshot out>
// Restoring that memory skips the interpreter's own start-up, most of what a visit waits for.
// It holds only what a bare start leaves behind: no package, no page state, and a fixed
// environment, so nothing of the machine that built the site.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [folder, out] = process.argv.slice(2).map((arg) => resolve(arg));
if (!folder || !out) {
  console.error("usage: node snapshot.mjs <site's pyodide folder> <snapshot out>");
  process.exit(2);
}
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
const memory = pyodide.makeMemorySnapshot();
writeFileSync(out, gzipSync(memory, { level: 9 }));
console.log(`${out}: ${memory.length} bytes of memory saved by Pyodide ${pyodide.version}`);
