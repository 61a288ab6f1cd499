// The game on a game page: holds its state, talks to the engine worker, restores or deals a
// game, saves it, keeps the statistics and the clock, and carries out the actions that
// input.js reads from clicks, drags and keys. The engine decides what is legal; this module
// only reads the legal moves it sends with every position. It writes no DOM itself: table.js
// does. Nothing here names a variant.

import { Engine } from "./engine.js";
import {
  findMove,
  foundationMove,
  kindOf,
  mayFinish,
  mostCards,
  parseMove,
  pickUp,
  predict,
  stockMove,
  targetsOf,
} from "./moves.js";
import * as store from "./store.js";
import { clockText, dealFromHash, format, plural } from "./text.js";

const DEAL_RANGE = 1000000;
const STATUS_BUDGET = 0.15; // seconds the engine may spend deciding "no moves left"
const HINT_BUDGET = 1.0;
const CONFIRM_MS = 5000; // how long a first press of New deal or Restart waits for the second
const FINISH_PAUSE_MS = 90; // between the moves of an auto-finish
const RESTARTS = 3; // times a stopped engine is started again in one visit

function randomDeal() {
  const buffer = new Uint32Array(1);
  if (window.crypto && window.crypto.getRandomValues) window.crypto.getRandomValues(buffer);
  else buffer[0] = Math.floor(Math.random() * 2 ** 32);
  return buffer[0] % DEAL_RANGE;
}

// Material's search worker waits for the engine to start (see search-later.js); one that
// asks later is told to start at once.
function startSearch() {
  if (typeof BroadcastChannel !== "function") return;
  const channel = new BroadcastChannel("patience-search");
  channel.onmessage = (event) => {
    if (event.data === "waiting") channel.postMessage("start");
  };
  channel.postMessage("start");
}

function reasonOf(error) {
  return error && error.message ? error.message : String(error);
}

export class Controller {
  constructor(root, table, strings) {
    this.root = root;
    this.table = table;
    this.strings = strings;
    this.variant = root.dataset.variant;
    this.engine = null;
    this.state = null; // the engine's last position
    this.legal = []; // its legal moves, parsed
    this.selection = null; // {pile, count}: the cards picked up
    this.session = null; // the game in progress: deal, clock, whether counted in the stats
    this.queue = Promise.resolve(); // actions run one at a time, in order
    this.finishMoves = null;
    this.armed = null; // "new" or "restart" after a first press during a game
    this.armedTimer = null;
    this.justWon = false;
    this.restarts = 0; // times the engine's worker was started again (see engineStopped)
    this.timer = null;
    this.saveTimer = null;
    this.stats = store.loadStats(this.variant);
    this.winnable = JSON.parse(root.querySelector('[data-role="winnable-deals"]').textContent);
  }

  get ready() {
    return Boolean(this.state) && this.root.dataset.state === "ready";
  }

  // ---- start-up ----------------------------------------------------------------------------

  async boot() {
    this.table.fitHeight();
    this.table.stats(this.stats);
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      this.fail("this browser has no WebAssembly or Web Workers");
      startSearch();
      return;
    }
    const stopSpinning = this.table.spin();
    this.engine = new Engine({
      onProgress: (stage) => this.table.progress(stage),
      onStopped: (reason) => this.engineStopped(reason),
    });
    try {
      // The first deal is asked for at once: the worker answers it as soon as it is up,
      // without waiting for this thread to hear that it is.
      await Promise.all([this.engine.boot(), this.openFirstGame()]);
    } catch (error) {
      this.fail(reasonOf(error));
      return;
    } finally {
      stopSpinning();
      startSearch();
    }
    this.table.ready();
    this.updateButtons();
    this.restIfHidden(this.engine);
    performance.mark("patience-ready");
    this.keepForOffline();
  }

  // The engine's worker stopped mid-game (its interpreter failed: out of memory, say). A new
  // one is started, and the game dealt again and replayed from its moves, so the player loses
  // nothing but the move that was on its way. After RESTARTS stops the table gives up.
  engineStopped(reason) {
    console.error(`Patience: ${reason}`);
    this.enqueue(() => this.restartEngine());
  }

  async restartEngine() {
    if (!this.engine || this.engine.worker || !this.state || !this.session) return;
    this.restarts += 1;
    if (this.restarts > RESTARTS) {
      this.fail(`the engine stopped ${RESTARTS + 1} times`);
      return;
    }
    console.info("Patience: starting the engine's worker again, with the game where it was");
    const engine = new Engine({ onStopped: (reason) => this.engineStopped(reason) });
    this.engine = engine;
    const game = { variant: this.variant, deal: this.session.deal, moves: this.state.history, redo: this.state.redo };
    try {
      const [, state] = await Promise.all([engine.boot({ fresh: true }), engine.call("new", game)]);
      this.restIfHidden(engine);
      this.show(state, { animate: false });
      this.table.say(this.strings.engine_restarted, "notice");
    } catch (error) {
      this.fail(reasonOf(error));
    }
  }

  fail(reason) {
    console.error(`Patience: the game could not start: ${reason}`);
    if (this.engine) this.engine.terminate();
    this.table.failed();
  }

  // Once the game is playable, the site's service worker (sw.js) is registered and told which
  // files this page used, so that the next visit plays with the network off. The root's
  // data-offline becomes "kept" once they are in its cache.
  async keepForOffline() {
    const address = this.root.dataset.serviceWorker;
    if (!address || !("serviceWorker" in navigator) || !window.isSecureContext) return;
    try {
      const scope = new URL(this.root.dataset.site, document.baseURI).href;
      await navigator.serviceWorker.register(new URL(address, document.baseURI), { scope });
      const registration = await navigator.serviceWorker.ready;
      const page = new URL(window.location.href);
      page.hash = "";
      const used = performance.getEntriesByType("resource").map((entry) => entry.name);
      navigator.serviceWorker.addEventListener("message", (event) => {
        if (event.data && event.data.type === "kept") this.table.offline();
      });
      registration.active.postMessage({ type: "keep", urls: [page.href, ...used] });
    } catch (error) {
      console.info(`Patience: no offline play here (${reasonOf(error)})`);
    }
  }

  async openFirstGame() {
    const wanted = dealFromHash(window.location.hash);
    const saved = store.loadGame(this.variant);
    if (saved.status === "ok" && (wanted === null || wanted === saved.game.deal)) {
      try {
        await this.newGame(saved.game.deal, saved.game);
        if (saved.game.moves.length || saved.game.redo.length) this.table.say(this.strings.restored, "notice");
        return;
      } catch (error) {
        if (error.kind !== "bad") throw error;
        saved.status = "corrupt";
      }
    }
    if (saved.status === "corrupt") {
      store.clearGame(this.variant);
      await this.newGame(wanted ?? randomDeal());
      this.table.say(this.strings.corrupt_save, "notice");
      return;
    }
    if (saved.status === "ok") this.abandon(saved.game);
    await this.newGame(wanted ?? randomDeal());
  }

  // ---- games ---------------------------------------------------------------------------------

  async newGame(deal, saved = null) {
    const state = await this.engine.call("new", {
      variant: this.variant,
      deal,
      moves: saved ? saved.moves : [],
      redo: saved ? saved.redo : [],
    });
    this.session = {
      deal,
      elapsed: saved ? saved.elapsed : 0,
      since: null,
      counted: saved ? saved.counted : false,
      recorded: saved ? saved.recorded : false,
    };
    this.selection = null;
    this.table.clearMessage();
    this.show(state, { animate: false });
    this.setHash(deal);
  }

  // New deal and Restart leave a game in progress only when pressed twice: the first press
  // says so, and the second within a few seconds goes ahead.
  confirmed(action) {
    const playing = this.state && this.state.history.length > 0 && !this.state.won;
    clearTimeout(this.armedTimer);
    if (!playing || this.armed === action) {
      this.armed = null;
      return true;
    }
    this.armed = action;
    this.armedTimer = setTimeout(() => {
      this.armed = null;
    }, CONFIRM_MS);
    this.table.say(action === "new" ? this.strings.confirm_new : this.strings.confirm_restart, "notice");
    return false;
  }

  // A started game left unfinished ends the winning streak.
  abandon(session) {
    if (session && session.counted && !session.recorded && this.stats.streak) {
      this.stats.streak = 0;
      store.saveStats(this.variant, this.stats);
      this.table.stats(this.stats);
    }
  }

  // "New deal": a random one, or with "winnable deals only" one the solver has won: from the
  // list measured at build time when there is one, else by asking the solver in the worker.
  newDeal() {
    if (!store.loadWinnableOnly()) {
      this.startOver(randomDeal(), this.strings.new_game);
      return;
    }
    const others = this.winnable.filter((deal) => !this.session || deal !== this.session.deal);
    if (others.length) {
      const buffer = new Uint32Array(1);
      window.crypto.getRandomValues(buffer);
      this.startOver(others[buffer[0] % others.length], this.strings.new_game);
      return;
    }
    this.enqueue(async () => {
      this.table.say(this.strings.winnable_searching, "info");
      const { deal } = await this.engine.call("winnable", { start: randomDeal(), budget: 5 });
      if (deal === null) this.startOver(randomDeal(), this.strings.winnable_none);
      else this.startOver(deal, this.strings.new_game);
    });
  }

  startOver(deal, message) {
    this.enqueue(async () => {
      this.abandon(this.session);
      this.stopClock();
      await this.newGame(deal);
      this.table.say(format(message, { n: deal }), "info");
    });
  }

  setHash(deal) {
    const url = new URL(window.location.href);
    url.hash = `deal=${deal}`;
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  }

  // The address asks for another deal (the player edited it).
  followHash() {
    const deal = dealFromHash(window.location.hash);
    if (deal !== null && this.session && deal !== this.session.deal) this.startOver(deal, this.strings.new_game);
  }

  // ---- positions -------------------------------------------------------------------------------

  show(state, { animate = true, started = null } = {}) {
    const previous = this.state;
    this.state = state;
    this.legal = state.legal.map(parseMove);
    this.table.draw(state, { animate });
    this.table.select(this.selection);
    this.table.mark("pt-target", targetsOf(this.legal, this.selection));

    if (state.history.length && !this.session.counted) {
      this.session.counted = true;
      this.stats.played += 1;
      store.saveStats(this.variant, this.stats);
    }
    if (state.won && previous && !previous.won && !this.session.recorded && previous.deal === state.deal) {
      this.session.recorded = true;
      this.stats.won += 1;
      this.stats.streak += 1;
      this.stats.best = Math.max(this.stats.best, this.stats.streak);
      const time = Math.round(this.elapsed());
      if (!this.stats.bestTime || time < this.stats.bestTime) this.stats.bestTime = time;
      store.saveStats(this.variant, this.stats);
      this.justWon = true;
    }
    this.runClock();
    this.showCounters();
    this.table.stats(this.stats);
    this.updateButtons();
    this.saveSoon();

    if (state.won) {
      const text = format(this.strings.won, { moves: state.history.length, time: clockText(this.elapsed()) });
      this.table.say(text, "win");
      if (this.justWon) this.showStatistics(this.strings.won_title, text);
      this.justWon = false;
    } else {
      if (this.table.messageKind === "win" || this.table.messageKind === "stuck") this.table.clearMessage();
      this.checkStuck(state);
    }
    if (started !== null) this.reportLatency(started);
  }

  // Tell listeners (the benchmark) how long an input took to reach the screen, from the input
  // event: `frame` to the start of the frame that draws the result, `latency` to its end.
  reportLatency(started) {
    requestAnimationFrame(() => {
      const frame = performance.now() - started;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const latency = performance.now() - started;
        this.root.dispatchEvent(new CustomEvent("patience:drawn", { detail: { latency, frame } }));
      };
      channel.port2.postMessage(null);
    });
  }

  checkStuck(state) {
    this.engine.call("status", { budget: STATUS_BUDGET }).then(
      (result) => {
        if (this.state === state && result.stuck) this.table.say(this.strings.stuck, "stuck");
      },
      () => {},
    );
  }

  // Saving waits a moment so that it stays off the path from a click to the screen; leaving
  // or hiding the page saves at once.
  saveSoon() {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(), 200);
  }

  save() {
    clearTimeout(this.saveTimer);
    if (!this.session || !this.state) return;
    store.saveGame(this.variant, {
      deal: this.session.deal,
      moves: this.state.history,
      redo: this.state.redo,
      elapsed: this.elapsed(),
      counted: this.session.counted,
      recorded: this.session.recorded,
    });
  }

  // The page is hidden or left: the clock stops, the worker stops thinking ahead and the game
  // is saved; leaving ends the worker. Shown again, the clock and the thinking go on.
  pause(leaving = false) {
    if (!this.session || !this.state) return;
    if (leaving) this.stopClock();
    else this.runClock();
    this.save();
    if (!this.engine) return;
    if (leaving) {
      this.engine.terminate();
      this.engine = null;
    } else this.restIfHidden(this.engine);
  }

  // The worker thinks ahead only while the page is shown.
  restIfHidden(engine) {
    engine.rest(document.visibilityState !== "visible");
  }

  // ---- the win and statistics dialog -----------------------------------------------------------

  showStatistics(title = this.strings.statistics_title, text = "") {
    const s = this.strings;
    const { played, won, streak, best, bestTime } = this.stats;
    const rate = played ? new Intl.NumberFormat(this.root.lang, { style: "percent" }).format(won / played) : "–";
    this.table.dialog(title, text, [
      [s.stat_played, played],
      [s.stat_won, won],
      [s.stat_rate, rate],
      [s.stat_streak, streak],
      [s.stat_best, best],
      [s.stat_time, bestTime ? clockText(bestTime) : s.stat_none],
    ]);
  }

  // ---- auto-finish -----------------------------------------------------------------------------

  // With every card face up and the stock empty, the worker says whether moves to the
  // foundations alone take every card home; if so the Finish button shows.
  offerFinish(state) {
    this.finishMoves = null;
    this.table.enable({ finish: false });
    if (state.won || !mayFinish(state.piles)) return;
    this.engine.call("finish").then(
      ({ moves }) => {
        if (this.state !== state || !moves || !moves.length) return;
        this.finishMoves = moves;
        this.table.enable({ finish: true });
        this.table.say(this.strings.finish_ready, "info");
      },
      () => {},
    );
  }

  // Plays the finishing moves one after another, each drawn (and slid) like the player's own.
  async finish() {
    const moves = this.finishMoves || [];
    this.finishMoves = null;
    this.table.enable({ finish: false });
    const pause = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : FINISH_PAUSE_MS;
    for (const text of moves) {
      const move = this.legal.find((m) => m.text === text);
      if (!move || this.state.won) return;
      await this.play(move);
      if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  // ---- clock and counters ----------------------------------------------------------------------

  elapsed() {
    const s = this.session;
    if (!s) return 0;
    return s.elapsed + (s.since === null ? 0 : performance.now() - s.since);
  }

  runClock() {
    const s = this.session;
    const running = this.state.history.length > 0 && !this.state.won && document.visibilityState === "visible";
    if (running && s.since === null) {
      s.since = performance.now();
      this.timer = setInterval(() => this.showCounters(), 1000);
    } else if (!running) {
      this.stopClock();
    }
  }

  stopClock() {
    const s = this.session;
    if (s && s.since !== null) {
      s.elapsed += performance.now() - s.since;
      s.since = null;
    }
    clearInterval(this.timer);
    this.timer = null;
  }

  showCounters() {
    this.table.counters({
      deal: this.session.deal,
      moves: this.state.history.length,
      time: clockText(this.elapsed()),
    });
  }

  updateButtons() {
    if (!this.state || this.root.dataset.state === "error") return;
    this.table.enable({ undo: this.state.history.length > 0, redo: this.state.redo.length > 0 });
  }

  // ---- moves ---------------------------------------------------------------------------------

  enqueue(task) {
    this.queue = this.queue.then(task).catch((error) => {
      console.error("Patience:", error);
      if (error && error.kind === "bug") this.table.say(String(error.message), "error");
    });
    return this.queue;
  }

  async play(move, started = null) {
    const before = this.state;
    const predicted = predict(before.piles, move);
    if (predicted) {
      this.selection = null;
      this.table.select(null);
      this.table.mark("pt-target", []);
      this.table.place(predicted);
      if (started !== null) this.reportLatency(started);
      started = null;
    }
    let state;
    try {
      state = await this.engine.call("play", { move: move.text });
    } catch (error) {
      if (predicted) {
        for (const id of Object.keys(predicted)) this.table.fill(id, before.piles[id]);
      }
      if (error.kind === "illegal") {
        this.table.say(this.strings.illegal, "info");
        return;
      }
      throw error;
    }
    this.selection = null;
    if (this.table.messageKind === "notice" || this.table.messageKind === "info") this.table.clearMessage();
    this.table.announce(this.describeMove(before, move));
    this.show(state, { started });
    this.offerFinish(state);
  }

  describeMove(state, move) {
    const s = this.strings;
    if (kindOf(move.source) === "stock") return s.turned;
    if (kindOf(move.target) === "stock") return s.redealt;
    const cards = state.piles[move.source] || [];
    const card = cards[cards.length - move.count];
    if (!card) return "";
    return format(s.moved, { card: this.table.cardName(card[0]), pile: this.table.pileName(move.target) });
  }

  pileCards(pile) {
    return (this.state && this.state.piles[pile]) || [];
  }

  pickUp(pile, index) {
    return pickUp(this.pileCards(pile), this.table.fanOf(pile), pile, index);
  }

  setSelection(selection) {
    this.selection = selection;
    this.table.select(selection);
    this.table.mark("pt-target", targetsOf(this.legal, selection));
    if (selection) {
      const cards = this.pileCards(selection.pile);
      const code = cards[cards.length - selection.count][0];
      const count = selection.count;
      const text = plural(this.strings, "selected", count);
      this.table.announce(format(text, { card: this.table.cardName(code), count }));
    }
  }

  // The keyboard's Up and Down on the pile the cards were picked from: one card more or
  // fewer. Returns false when there is no more or fewer to take.
  resize(pile, delta) {
    const sel = this.selection;
    if (!sel || sel.pile !== pile) return false;
    const count = sel.count + delta;
    if (count < 1 || count > mostCards(this.pileCards(pile), this.table.fanOf(pile))) return false;
    this.setSelection({ pile, count });
    return true;
  }

  putDown() {
    if (!this.selection) return false;
    this.setSelection(null);
    this.table.announce(this.strings.deselected);
    return true;
  }

  // Click-then-click, shared by the mouse, touch, drag-and-drop and the keyboard.
  async activate(pile, index, started = null) {
    if (!this.ready) return;
    if (kindOf(pile) === "stock") {
      this.setSelection(null);
      const move = stockMove(this.legal);
      if (move) await this.play(move, started);
      return;
    }
    const sel = this.selection;
    if (sel) {
      if (sel.pile === pile) {
        const again = this.pickUp(pile, index);
        const same = again && again.count === sel.count;
        this.setSelection(same || !again ? null : again);
        return;
      }
      const move = findMove(this.legal, sel.pile, sel.count, pile);
      if (move) {
        await this.play(move, started);
        return;
      }
      const other = this.pickUp(pile, index);
      if (other && index !== null) {
        this.setSelection(other);
        return;
      }
      this.setSelection(null);
      this.table.say(this.strings.illegal, "info");
      return;
    }
    const pick = this.pickUp(pile, index);
    if (pick) this.setSelection(pick);
  }

  // A drag ended on a pile: the same as picking the cards up and clicking there.
  async drop(pick, target, started) {
    if (target && target !== pick.pile) {
      this.selection = pick;
      await this.activate(target, null, started);
    } else {
      this.setSelection(null);
    }
  }

  async toFoundation(pile, started = null) {
    if (!this.ready) return;
    const move = foundationMove(this.legal, pile);
    this.setSelection(null);
    if (move) await this.play(move, started);
  }

  async command(action) {
    if (!this.ready) return;
    const s = this.strings;
    if (action === "undo" || action === "redo") {
      const list = action === "undo" ? this.state.history : this.state.redo;
      if (!list.length) {
        this.table.say(action === "undo" ? s.nothing_to_undo : s.nothing_to_redo, "info");
        return;
      }
      this.selection = null;
      const state = await this.engine.call(action);
      this.table.announce(action === "undo" ? s.undone : s.redone);
      this.show(state);
    } else if (action === "hint") {
      await this.hint();
    }
  }

  // A hint is the first move of a win the solver found ("wins"), or else only a suggestion,
  // and says so; the worker never suggests a way back to an earlier position.
  async hint() {
    const s = this.strings;
    const { move, wins } = await this.engine.call("hint", { budget: HINT_BUDGET });
    if (!move) {
      this.table.say(s.hint_none, "info");
      return;
    }
    const m = parseMove(move);
    this.table.flash([m.source, m.target]);
    if (kindOf(m.source) === "stock" || kindOf(m.target) === "stock") {
      this.table.say(wins ? s.hint_stock : s.hint_suggest_stock, "info");
      return;
    }
    const cards = this.pileCards(m.source);
    const card = cards[cards.length - m.count][0];
    const names = {
      card: this.table.cardName(card),
      from: this.table.pileName(m.source),
      to: this.table.pileName(m.target),
    };
    this.table.say(format(wins ? s.hint_move : s.hint_suggest, names), "info");
  }

  // A button of the bar.
  button(action) {
    if (action === "new") {
      if (this.confirmed("new")) this.newDeal();
    } else if (action === "restart") {
      if (this.confirmed("restart")) this.startOver(this.session.deal, this.strings.restarted);
    } else if (action === "finish") {
      this.enqueue(() => this.finish());
    } else if (action === "stats") {
      this.showStatistics();
    } else {
      this.enqueue(() => this.command(action));
    }
  }
}
