// Boots Pyodide under Node.js and compiles archives for it with bytecode.py.
//   node bytecode.mjs <pyodide folder> <archive in> <archive out> [<in> <out> ...]
// An archive is a wheel (.whl) or the standard library (.zip); see bytecode.py.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, ...pairs] = process.argv.slice(2).map((arg) => resolve(arg));
if (!pyodideDir || pairs.length === 0 || pairs.length % 2) {
  console.error("usage: node bytecode.mjs <pyodide folder> <archive in> <archive out> [...]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", stdout: () => {} });
const here = dirname(fileURLToPath(import.meta.url));
pyodide.runPython(readFileSync(join(here, "bytecode.py"), "utf8"));
const compileArchive = pyodide.globals.get("compile_archive");
for (let i = 0; i < pairs.length; i += 2) {
  // Through Pyodide's in-memory file system; the ending tells a wheel from the stdlib.
  const ending = pairs[i].endsWith(".whl") ? ".whl" : ".zip";
  pyodide.FS.writeFile(`/tmp/in${ending}`, readFileSync(pairs[i]));
  const count = compileArchive(`/tmp/in${ending}`, `/tmp/out${ending}`);
  writeFileSync(pairs[i + 1], pyodide.FS.readFile(`/tmp/out${ending}`));
  console.log(`${pairs[i + 1]}: ${count} modules compiled by Pyodide ${pyodide.version}`);
}
