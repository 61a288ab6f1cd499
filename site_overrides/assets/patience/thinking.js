// When the engine's worker thinks while the player does: once the page has asked nothing for
// a moment, the worker searches on for a winning line in short slices (the engine's "think"),
// each its own task, so that a request from the page waits at most one slice. It stops when
// the engine says another slice would not help, and starts again after the next request.
// While the page is hidden it rests: no slice runs, so a tab left open costs no power.
// The next hint then finds at once a win that its own one-second search could miss.

export const THINK_AFTER_MS = 1500; // a player who moves at once needs no hint
export const SLICE_SECONDS = 0.01; // what a click may wait for, at most, behind a slice

export class Thinker {
  // slice(): one slice of thinking; true if another could still help.
  constructor(slice, { after = THINK_AFTER_MS, timers = globalThis } = {}) {
    this.slice = slice;
    this.after = after;
    this.timers = timers;
    this.timer = null;
    this.resting = false;
  }

  // The page asked something: no slice now, and thinking starts again after a quiet moment.
  poke() {
    this.stop();
    if (!this.resting) this.timer = this.timers.setTimeout(() => this.step(), this.after);
  }

  // The page was hidden (true) or shown again (false): thinking stops, or waits for a quiet
  // moment to start again.
  rest(on) {
    this.resting = on;
    this.poke();
  }

  stop() {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  step() {
    this.timer = null;
    let more = false;
    try {
      more = this.slice();
    } catch (error) {
      console.warn(`Patience: thinking stopped (${error && error.message})`);
    }
    if (more) this.timer = this.timers.setTimeout(() => this.step(), 0);
  }
}
