// The game page's script: the table (table.js, the only code that writes the page), the
// controller that holds the game and talks to the engine worker (controller.js), and the input
// that turns clicks, drags and keys into its actions (input.js). Material's script comes after
// (material.js).

import { Controller } from "./controller.js";
import { Input } from "./input.js";
import { startMaterialLater } from "./material.js";
import { Table } from "./table.js";

// Every module of the table has loaded: early.js no longer needs to report that it did not.
window.patienceTableStarted = true;

const root = document.querySelector(".pt-game[data-variant]");
if (root) {
  const strings = JSON.parse(root.querySelector('[data-role="strings"]').textContent);
  const table = new Table(root, strings);
  const controller = new Controller(root, table, strings);
  new Input(root, table, controller).listen();
  const playable = controller.boot();
  const material = document.querySelector("script[data-material]");
  if (material) {
    const address = new URL(material.dataset.material, document.baseURI).href;
    startMaterialLater(root, address, playable, () => table.headerStarted());
  }
}
