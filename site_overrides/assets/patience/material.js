// Material's own script on a game page: the header's search box, palette switch and menus.
// Run first, its start-up holds the main thread through much of the engine's, so the page
// starts it once the table is playable (or has failed), as soon as the reader reaches for
// anything outside the table, or after WAIT_MS, whichever comes first. It is a strict-mode
// script that names its globals on window, so it runs as a module alike. Material starts on
// DOMContentLoaded, long past by then: the event is sent once more, for it, when it has run.

const WAIT_MS = 3000;
const REACHING = ["pointerdown", "focusin", "keydown"];

export function startMaterialLater(root, address, playable, onStarted) {
  let started = false;
  let timer = null;
  const start = () => {
    if (started) return;
    started = true;
    clearTimeout(timer);
    for (const type of REACHING) document.removeEventListener(type, reach, true);
    import(address).then(
      () => {
        document.dispatchEvent(new Event("DOMContentLoaded", { bubbles: true }));
        onStarted();
      },
      (error) => console.warn(`Patience: the header's script did not run (${error.message})`),
    );
  };
  const reach = (event) => {
    if (!root.contains(event.target)) start();
  };
  for (const type of REACHING) document.addEventListener(type, reach, true);
  timer = setTimeout(start, WAIT_MS);
  playable.finally(start);
}
