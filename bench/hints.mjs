// Hints as the page gets them: Pyodide under Node.js from a built site's pyodide/ folder (its
// bytecode standard library and engine wheel), one fresh game per deal, one "hint" request
// with the page's budget, through patience.session as the game's worker sends it, asked up to
// <asks> times at the fresh position while none wins (a hint asked again searches on). With
// <think s> above 0, the worker first thinks in the page's slices (thinking.js) for that long,
// or until it says it has done, as it does while a player looks at a fresh deal.
//   node bench/hints.mjs <pyodide folder> <budget s> <asks> <think s> <variant>:<deal>,... [...]
// Prints one JSON line per variant: {variant, deals, wins, seconds: [...], asked: [...]},
// where wins counts first asks that won, seconds times them, and asked[k] counts the deals
// whose win came at ask k + 1.
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [folderArg, budgetArg, asksArg, thinkArg, ...jobs] = process.argv.slice(2);
const asks = Number(asksArg);
const think = Number(thinkArg);
if (!folderArg || !budgetArg || !(asks >= 1) || !(think >= 0) || jobs.length === 0) {
  console.error("usage: node bench/hints.mjs <pyodide folder> <budget s> <asks> <think s> <variant>:<deals> ...");
  process.exit(2);
}
const { SLICE_SECONDS } = await import(
  new URL("../site_overrides/assets/patience/thinking.js", import.meta.url).href
);
const folder = resolve(folderArg);
const { loadPyodide } = await import(pathToFileURL(join(folder, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: folder + "/",
  lockFileURL: join(folder, "pyodide-lock.json"),
  packages: ["patience"],
  stdout: () => {},
});
const handle = pyodide.pyimport("patience.session").handle;
const ask = (cmd, args) => {
  const answer = JSON.parse(handle(JSON.stringify({ cmd, args })));
  if (!answer.ok) throw new Error(`${cmd}: ${answer.error}`);
  return answer.result;
};
for (const job of jobs) {
  const [variant, list] = job.split(":");
  const deals = list ? list.split(",").map(Number) : [];
  let wins = 0;
  const seconds = [];
  const asked = new Array(asks).fill(0);
  for (const deal of deals) {
    ask("new", { variant, deal });
    const until = performance.now() + think * 1000;
    while (performance.now() < until && ask("think", { budget: SLICE_SECONDS }).more);
    for (let k = 0; k < asks; k += 1) {
      const started = performance.now();
      const hint = ask("hint", { budget: Number(budgetArg) });
      if (k === 0) seconds.push((performance.now() - started) / 1000);
      if (hint.wins) {
        asked[k] += 1;
        if (k === 0) wins += 1;
        break;
      }
    }
  }
  console.log(JSON.stringify({ variant, deals: deals.length, wins, seconds, asked }));
}
