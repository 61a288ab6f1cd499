// The game on a game page: boots the engine worker, restores or deals a game, and turns clicks,
// drags and keys into the engine's moves. The engine decides what is legal; this module only
// reads the legal moves it sends with every position. Nothing here names a variant.

import { Engine } from "./engine.js";
import * as store from "./store.js";
import { Table, format, plural } from "./table.js";

const DEAL_RANGE = 1000000;
const DRAG_THRESHOLD = 6;
const STATUS_BUDGET = 0.15; // seconds the engine may spend deciding "no moves left"
const HINT_BUDGET = 1.0;

function parseMove(text) {
  const [source, rest] = text.split(">");
  const [target, count] = rest.split("x");
  return { text, source, target, count: count ? Number(count) : 1 };
}

function kindOf(pileId) {
  return pileId.split(".")[0];
}

function clockText(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function dealFromHash() {
  const match = /(?:^#|&)deal=(\d{1,9})(?:&|$)/.exec(window.location.hash);
  return match ? Number(match[1]) : null;
}

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

class Game {
  constructor(root) {
    this.root = root;
    this.variant = root.dataset.variant;
    this.strings = JSON.parse(root.querySelector('[data-role="strings"]').textContent);
    this.table = new Table(root.querySelector(".pt-table"), this.strings);
    this.el = {};
    for (const el of root.querySelectorAll("[data-role]")) this.el[el.dataset.role] = el;
    this.buttons = {};
    for (const el of root.querySelectorAll("button[data-action]")) this.buttons[el.dataset.action] = el;
    this.engine = null;
    this.state = null;
    this.legal = [];
    this.legalSet = new Set();
    this.selection = null;
    this.session = null;
    this.queue = Promise.resolve();
    this.messageKind = null;
    this.spoken = [];
    this.finishMoves = null;
    this.armed = null;
    this.armedTimer = null;
    this.won = false;
    this.timer = null;
    this.saveTimer = null;
    this.drag = null;
    this.suppressClick = false;
    this.stats = store.loadStats(this.variant);
    this.winnable = JSON.parse(root.querySelector('[data-role="winnable-deals"]').textContent);
    this.el.winnable.checked = store.loadWinnableOnly();
  }

  // ---- start-up ----------------------------------------------------------------------------

  async boot() {
    this.listen();
    this.table.fitHeight();
    this.showStats();
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      this.fail("this browser has no WebAssembly or Web Workers");
      startSearch();
      return;
    }
    const stopSpinning = this.spin();
    this.engine = new Engine({
      onProgress: (stage) => this.root.setAttribute("data-progress", stage),
    });
    try {
      // The first deal is asked for at once: the worker answers it as soon as it is up,
      // without waiting for this thread to hear that it is.
      await Promise.all([this.engine.boot(), this.openFirstGame()]);
    } catch (error) {
      this.fail(error && error.message ? error.message : String(error));
      return;
    } finally {
      stopSpinning();
      startSearch();
    }
    this.el.progress.hidden = true;
    for (const button of Object.values(this.buttons)) button.disabled = false;
    this.updateButtons();
    this.focusable(this.firstPile());
    this.root.dataset.state = "ready";
    performance.mark("patience-ready");
    this.keepForOffline();
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
      const urls = [page.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)];
      navigator.serviceWorker.addEventListener("message", (event) => {
        if (event.data && event.data.type === "kept") this.root.dataset.offline = "kept";
      });
      registration.active.postMessage({ type: "keep", urls });
    } catch (error) {
      console.info(`Patience: no offline play here (${error && error.message ? error.message : error})`);
    }
  }

  // The loading spinner turns eight steps a second from here: a CSS animation would redraw
  // sixty times a second, on a core that Pyodide's start-up needs (about 0.1 s of it on a
  // two-core machine). Returns the function that stops it.
  spin() {
    const spinner = this.root.querySelector(".pt-spinner");
    if (!spinner || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return () => {};
    let step = 0;
    const timer = setInterval(() => {
      step = (step + 1) % 8;
      spinner.style.setProperty("--step", String(step));
    }, 125);
    return () => clearInterval(timer);
  }

  fail(reason) {
    console.error(`Patience: the game could not start: ${reason}`);
    if (this.engine) this.engine.terminate();
    this.el.progress.hidden = true;
    this.el.error.hidden = false;
    for (const button of Object.values(this.buttons)) button.disabled = true;
    this.root.dataset.state = "error";
  }

  async openFirstGame() {
    const wanted = dealFromHash();
    const saved = store.loadGame(this.variant);
    if (saved.status === "ok" && (wanted === null || wanted === saved.game.deal)) {
      try {
        await this.newGame(saved.game.deal, saved.game);
        if (saved.game.moves.length || saved.game.redo.length) this.say(this.strings.restored, "notice");
        return;
      } catch (error) {
        if (error.kind !== "bad") throw error;
        saved.status = "corrupt";
      }
    }
    if (saved.status === "corrupt") {
      store.clearGame(this.variant);
      await this.newGame(wanted ?? randomDeal());
      this.say(this.strings.corrupt_save, "notice");
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
    this.clearMessage();
    this.show(state, { animate: false });
    this.setHash(deal);
  }

  // New deal and Restart leave a game in progress only when pressed twice: the first press
  // says so, and the second within a few seconds goes ahead.
  confirmed(action) {
    const playing = this.state && this.state.history.length > 0 && !this.state.won;
    if (!playing || this.armed === action) {
      clearTimeout(this.armedTimer);
      this.armed = null;
      return true;
    }
    this.armed = action;
    clearTimeout(this.armedTimer);
    this.armedTimer = setTimeout(() => {
      this.armed = null;
    }, 5000);
    this.say(action === "new" ? this.strings.confirm_new : this.strings.confirm_restart, "notice");
    return false;
  }

  // A started game left unfinished ends the winning streak.
  abandon(session) {
    if (session && session.counted && !session.recorded && this.stats.streak) {
      this.stats.streak = 0;
      store.saveStats(this.variant, this.stats);
      this.showStats();
    }
  }

  // "New deal": a random one, or with "winnable deals only" one the solver has won: from the
  // list measured at build time when there is one, else by asking the solver in the worker.
  newDeal() {
    if (!this.el.winnable.checked) {
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
      this.say(this.strings.winnable_searching, "info");
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
      this.say(format(message, { n: deal }), "info");
    });
  }

  setHash(deal) {
    const url = new URL(window.location.href);
    url.hash = `deal=${deal}`;
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  }

  // ---- positions -------------------------------------------------------------------------------

  show(state, { animate = true, started = null } = {}) {
    const previous = this.state;
    this.state = state;
    this.legal = state.legal.map(parseMove);
    this.legalSet = new Set(state.legal);
    this.table.draw(state, { animate });
    this.table.select(this.selection);
    this.table.mark("pt-target", this.targets());

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
      this.won = true;
    }
    this.runClock();
    this.showCounters();
    this.showStats();
    this.updateButtons();
    this.saveSoon();

    if (state.won) {
      const text = format(this.strings.won, { moves: state.history.length, time: clockText(this.elapsed()) });
      this.say(text, "win");
      if (this.won) this.openDialog(this.strings.won_title, text);
      this.won = false;
    } else {
      if (this.messageKind === "win" || this.messageKind === "stuck") this.clearMessage();
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
        if (this.state === state && result.stuck) this.say(this.strings.stuck, "stuck");
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

  // ---- the win and statistics dialog ----------------------------------------------------------

  // One dialog, for the win (title and the game's figures) and for the Statistics button.
  openDialog(title, text = "") {
    const dialog = this.el.dialog;
    if (!dialog || typeof dialog.showModal !== "function") return;
    this.el["dialog-title"].textContent = title;
    this.el["dialog-text"].textContent = text;
    this.el["dialog-text"].hidden = !text;
    const s = this.strings;
    const { played, won, streak, best, bestTime } = this.stats;
    const rate = played ? new Intl.NumberFormat(this.root.lang, { style: "percent" }).format(won / played) : "–";
    const rows = [
      [s.stat_played, played],
      [s.stat_won, won],
      [s.stat_rate, rate],
      [s.stat_streak, streak],
      [s.stat_best, best],
      [s.stat_time, bestTime ? clockText(bestTime) : s.stat_none],
    ];
    this.el["dialog-stats"].replaceChildren(
      ...rows.flatMap(([name, value]) => {
        const term = document.createElement("dt");
        term.textContent = name;
        const figure = document.createElement("dd");
        figure.textContent = String(value);
        return [term, figure];
      }),
    );
    if (!dialog.open) dialog.showModal();
  }

  // ---- auto-finish -----------------------------------------------------------------------------

  // With every card face up and the stock empty, the worker says whether moves to the
  // foundations alone take every card home; if so the Finish button shows.
  offerFinish(state) {
    this.finishMoves = null;
    this.buttons.finish.hidden = true;
    const piles = Object.entries(state.piles);
    const open = piles.every(([id, cards]) => kindOf(id) !== "stock" || cards.length === 0);
    if (state.won || !open || piles.some(([, cards]) => cards.some(([, up]) => !up))) return;
    this.engine.call("finish").then(
      ({ moves }) => {
        if (this.state !== state || !moves || !moves.length) return;
        this.finishMoves = moves;
        this.buttons.finish.hidden = false;
        this.say(this.strings.finish_ready, "info");
      },
      () => {},
    );
  }

  // Plays the finishing moves one after another, each drawn (and slid) like the player's own.
  async finish() {
    const moves = this.finishMoves || [];
    this.finishMoves = null;
    this.buttons.finish.hidden = true;
    const pause = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 90;
    for (const text of moves) {
      const move = this.legal.find((m) => m.text === text);
      if (!move || this.state.won) return;
      await this.play(move);
      if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  // ---- clock, counters, messages -------------------------------------------------------------

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
    const s = this.strings;
    this.el.deal.textContent = format(s.deal, { n: this.session.deal });
    this.el.moves.textContent = format(s.moves, { n: this.state.history.length });
    this.el.time.textContent = format(s.time, { t: clockText(this.elapsed()) });
  }

  showStats() {
    const { played, won, best } = this.stats;
    this.el.stats.textContent = format(this.strings.stats, { played, won, streak: best });
  }

  updateButtons() {
    if (!this.state || this.root.dataset.state === "error") return;
    this.buttons.undo.disabled = this.state.history.length === 0;
    this.buttons.redo.disabled = this.state.redo.length === 0;
  }

  say(text, kind = "info") {
    this.messageKind = kind;
    this.el.message.textContent = text;
    this.el.message.dataset.kind = kind;
    this.el.message.hidden = false;
    this.announce(text);
  }

  clearMessage() {
    this.messageKind = null;
    this.el.message.hidden = true;
    this.el.message.textContent = "";
  }

  // The one live region speaks everything said during a turn together, in order, at the next
  // frame: a move's text and the win that follows it are both heard, neither overwrites the
  // other. Emptying it first makes a repeated message heard again.
  announce(text) {
    if (!text) return;
    this.spoken.push(text);
    if (this.spoken.length > 1) return;
    this.el.live.textContent = "";
    requestAnimationFrame(() => {
      this.el.live.textContent = this.spoken.splice(0).join(" ");
    });
  }

  // ---- moves ---------------------------------------------------------------------------------

  enqueue(task) {
    this.queue = this.queue.then(task).catch((error) => {
      console.error("Patience:", error);
      if (error && error.kind === "bug") this.say(String(error.message), "error");
    });
    return this.queue;
  }

  async play(move, started = null) {
    const before = this.state;
    const predicted = this.table.predict(before.piles, move);
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
        this.say(this.strings.illegal, "info");
        return;
      }
      throw error;
    }
    this.selection = null;
    if (this.messageKind === "notice" || this.messageKind === "info") this.clearMessage();
    this.announce(this.describeMove(before, move));
    this.show(state, { started });
    this.offerFinish(state);
  }

  describeMove(state, move) {
    const s = this.strings;
    if (move.source === "stock.0" || kindOf(move.source) === "stock") return s.turned;
    if (kindOf(move.target) === "stock") return s.redealt;
    const cards = state.piles[move.source] || [];
    const card = cards[cards.length - move.count];
    if (!card) return "";
    return format(s.moved, { card: this.table.cardName(card[0]), pile: this.table.pileName(move.target) });
  }

  movesFrom(pile, count = null) {
    return this.legal.filter((m) => m.source === pile && (count === null || m.count === count));
  }

  // The move for "these cards onto that pile": the exact one, or the only one between the piles.
  findMove(source, count, target) {
    const exact = this.legal.find((m) => m.source === source && m.target === target && m.count === count);
    if (exact) return exact;
    const between = this.legal.filter((m) => m.source === source && m.target === target);
    return between.length === 1 ? between[0] : null;
  }

  stockMove() {
    return (
      this.legal.find((m) => kindOf(m.source) === "stock") ||
      this.legal.find((m) => kindOf(m.target) === "stock") ||
      null
    );
  }

  targets() {
    if (!this.selection) return [];
    return this.movesFrom(this.selection.pile, this.selection.count).map((m) => m.target);
  }

  setSelection(selection) {
    this.selection = selection;
    this.table.select(selection);
    this.table.mark("pt-target", this.targets());
    if (selection) {
      const cards = this.state.piles[selection.pile];
      const code = cards[cards.length - selection.count][0];
      const count = selection.count;
      const text = plural(this.strings, "selected", count);
      this.announce(format(text, { card: this.table.cardName(code), count }));
    }
  }

  // How many cards a pick in this pile may take: the face-up cards on top (one on a stack).
  mostCards(pileId) {
    const cards = (this.state && this.state.piles[pileId]) || [];
    const fan = this.table.piles.get(pileId)?.dataset.fan;
    if (fan === "stack" || fan === "waste") return Math.min(1, cards.length);
    let count = 0;
    while (count < cards.length && cards[cards.length - 1 - count][1]) count += 1;
    return count;
  }

  // The keyboard's Up and Down on the pile the cards were picked from: one card more or
  // fewer. Returns false when there is no more or fewer to take.
  resize(delta) {
    const sel = this.selection;
    const count = sel.count + delta;
    if (count < 1 || count > this.mostCards(sel.pile)) return false;
    this.setSelection({ pile: sel.pile, count });
    return true;
  }

  // What a press on a card picks up: that card and the cards above it, if it is face up.
  pickUp(pileId, index) {
    const cards = (this.state && this.state.piles[pileId]) || [];
    const fan = this.table.piles.get(pileId)?.dataset.fan;
    if (!cards.length) return null;
    const at = fan === "stack" || fan === "waste" || index === null ? cards.length - 1 : index;
    if (at < 0 || at >= cards.length || !cards[at][1]) return null;
    return { pile: pileId, count: cards.length - at };
  }

  // Click-then-click, shared by the mouse, touch, drag-and-drop and the keyboard.
  async activate(pileId, index, started = null) {
    if (!this.state || this.root.dataset.state !== "ready") return;
    if (kindOf(pileId) === "stock") {
      this.setSelection(null);
      const move = this.stockMove();
      if (move) await this.play(move, started);
      return;
    }
    const sel = this.selection;
    if (sel) {
      if (sel.pile === pileId) {
        const again = this.pickUp(pileId, index);
        const same = again && again.count === sel.count;
        this.setSelection(same || !again ? null : again);
        return;
      }
      const move = this.findMove(sel.pile, sel.count, pileId);
      if (move) {
        await this.play(move, started);
        return;
      }
      const other = this.pickUp(pileId, index);
      if (other && index !== null) {
        this.setSelection(other);
        return;
      }
      this.setSelection(null);
      this.say(this.strings.illegal, "info");
      return;
    }
    const pick = this.pickUp(pileId, index);
    if (pick) this.setSelection(pick);
  }

  async toFoundation(pileId, started = null) {
    if (!this.state || this.root.dataset.state !== "ready") return;
    const move = this.legal.find(
      (m) => m.source === pileId && m.count === 1 && kindOf(m.target) === "foundation",
    );
    this.setSelection(null);
    if (move && kindOf(pileId) !== "foundation") await this.play(move, started);
  }

  async command(action) {
    if (!this.state || this.root.dataset.state !== "ready") return;
    const s = this.strings;
    if (action === "undo" || action === "redo") {
      const list = action === "undo" ? this.state.history : this.state.redo;
      if (!list.length) {
        this.say(action === "undo" ? s.nothing_to_undo : s.nothing_to_redo, "info");
        return;
      }
      this.selection = null;
      const state = await this.engine.call(action);
      this.show(state);
      this.announce(action === "undo" ? s.undone : s.redone);
    } else if (action === "hint") {
      // A hint is the first move of a win the solver found ("wins"), or else only a
      // suggestion, and says so; the worker never suggests a way back to an earlier position.
      const { move, wins } = await this.engine.call("hint", { budget: HINT_BUDGET });
      if (!move) {
        this.say(s.hint_none, "info");
        return;
      }
      const m = parseMove(move);
      this.table.flash([m.source, m.target]);
      if (kindOf(m.source) === "stock" || kindOf(m.target) === "stock") {
        this.say(wins ? s.hint_stock : s.hint_suggest_stock, "info");
      } else {
        const cards = this.state.piles[m.source];
        const card = cards[cards.length - m.count][0];
        this.say(
          format(wins ? s.hint_move : s.hint_suggest, {
            card: this.table.cardName(card),
            from: this.table.pileName(m.source),
            to: this.table.pileName(m.target),
          }),
          "info",
        );
      }
    }
  }

  // ---- input -----------------------------------------------------------------------------------

  listen() {
    const table = this.table.root;
    table.addEventListener("click", (event) => this.onClick(event));
    table.addEventListener("dblclick", (event) => this.onDoubleClick(event));
    table.addEventListener("pointerdown", (event) => this.onPointerDown(event));
    table.addEventListener("pointermove", (event) => this.onPointerMove(event));
    table.addEventListener("pointerup", (event) => this.onPointerUp(event));
    table.addEventListener("pointercancel", () => this.endDrag(null));
    this.root.addEventListener("keydown", (event) => this.onKey(event));
    for (const [action, button] of Object.entries(this.buttons)) {
      button.addEventListener("click", () => {
        if (action === "new" && this.confirmed("new")) this.newDeal();
        else if (action === "restart" && this.confirmed("restart")) {
          this.startOver(this.session.deal, this.strings.restarted);
        } else if (action === "finish") this.enqueue(() => this.finish());
        else if (action === "stats") this.openDialog(this.strings.statistics_title);
        else if (action !== "new" && action !== "restart") this.enqueue(() => this.command(action));
      });
    }
    this.root.querySelector('[data-dialog="close"]').addEventListener("click", () => this.el.dialog.close());
    this.root.querySelector('[data-dialog="new"]').addEventListener("click", () => {
      this.el.dialog.close();
      this.newDeal();
    });
    this.el.winnable.addEventListener("change", () => store.saveWinnableOnly(this.el.winnable.checked));
    window.addEventListener("hashchange", () => {
      const deal = dealFromHash();
      if (deal !== null && this.session && deal !== this.session.deal) {
        this.startOver(deal, this.strings.new_game);
      }
    });
    document.addEventListener("visibilitychange", () => {
      if (!this.session || !this.state) return;
      this.runClock();
      this.save();
    });
    window.addEventListener("pagehide", () => {
      this.stopClock();
      this.save();
      if (this.engine) this.engine.terminate();
      this.engine = null;
    });
    let fitting = false;
    window.addEventListener("resize", () => {
      if (fitting) return;
      fitting = true;
      requestAnimationFrame(() => {
        fitting = false;
        this.table.fitHeight();
      });
    });
    window.addEventListener("pageshow", (event) => {
      // Back from the page cache: the worker was ended on leaving, so start afresh.
      if (event.persisted) window.location.reload();
    });
  }

  where(target) {
    const pileEl = target.closest && target.closest("[data-pile]");
    if (!pileEl || !this.table.root.contains(pileEl)) return null;
    const cardEl = target.closest("[data-card]");
    const index = cardEl ? Array.prototype.indexOf.call(pileEl.children, cardEl) : null;
    return { pile: pileEl.dataset.pile, index };
  }

  onClick(event) {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const at = this.where(event.target);
    if (!at) return;
    const started = event.timeStamp;
    this.focusable(this.table.piles.get(at.pile));
    this.enqueue(() => this.activate(at.pile, at.index, started));
  }

  onDoubleClick(event) {
    const at = this.where(event.target);
    if (!at || at.index === null) return;
    const cards = this.state ? this.state.piles[at.pile] : [];
    if (at.index !== cards.length - 1) return;
    const started = event.timeStamp;
    this.enqueue(() => this.toFoundation(at.pile, started));
  }

  onPointerDown(event) {
    if (event.button !== 0 || this.root.dataset.state !== "ready") return;
    const at = this.where(event.target);
    if (!at || at.index === null || kindOf(at.pile) === "stock") return;
    const pick = this.pickUp(at.pile, at.index);
    if (!pick) return;
    this.drag = { pick, x: event.clientX, y: event.clientY, id: event.pointerId, moving: false, cards: [] };
  }

  onPointerMove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      drag.moving = true;
      this.setSelection(drag.pick);
      const cards = this.table.cardsOf(drag.pick.pile);
      drag.cards = cards.slice(cards.length - drag.pick.count);
      for (const card of drag.cards) card.classList.add("pt-dragging");
      this.table.lift(drag.pick.pile);
      try {
        this.table.root.setPointerCapture(event.pointerId);
      } catch {
        // the pointer is already gone; pointerup will end the drag
      }
    }
    for (const card of drag.cards) card.style.transform = `translate(${dx}px, ${dy}px)`;
    event.preventDefault();
  }

  onPointerUp(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.moving) {
      this.drag = null;
      return;
    }
    let target = null;
    for (const el of document.elementsFromPoint(event.clientX, event.clientY)) {
      if (drag.cards.includes(el) || drag.cards.some((card) => card.contains(el))) continue;
      const at = this.where(el);
      if (at) {
        target = at.pile;
        break;
      }
    }
    this.endDrag(target);
    this.suppressClick = true;
    setTimeout(() => {
      this.suppressClick = false;
    }, 0);
  }

  endDrag(target) {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    for (const card of drag.cards) {
      card.classList.remove("pt-dragging");
      card.style.transform = "";
    }
    this.table.lift(null);
    if (!drag.moving) return;
    const started = performance.now();
    this.enqueue(async () => {
      if (target && target !== drag.pick.pile) {
        this.selection = drag.pick;
        await this.activate(target, null, started);
      } else {
        this.setSelection(null);
      }
    });
  }

  // ---- keyboard --------------------------------------------------------------------------------

  firstPile() {
    return this.table.root.querySelector("[data-pile]");
  }

  focusable(el) {
    if (!el) return;
    for (const pile of this.table.piles.values()) pile.tabIndex = pile === el ? 0 : -1;
  }

  neighbour(from, key) {
    const a = from.getBoundingClientRect();
    const ax = a.left + a.width / 2;
    const ay = a.top;
    let best = null;
    let bestScore = Infinity;
    for (const el of this.table.piles.values()) {
      if (el === from) continue;
      const b = el.getBoundingClientRect();
      const dx = b.left + b.width / 2 - ax;
      const dy = b.top - ay;
      const ahead = { ArrowLeft: -dx, ArrowRight: dx, ArrowUp: -dy, ArrowDown: dy }[key];
      if (ahead <= 1) continue;
      const aside = key === "ArrowLeft" || key === "ArrowRight" ? Math.abs(dy) : Math.abs(dx);
      const score = ahead + 3 * aside;
      if (score < bestScore) {
        bestScore = score;
        best = el;
      }
    }
    return best;
  }

  onKey(event) {
    const key = event.key;
    const inTable = event.target.closest && event.target.closest("[data-pile]");
    const ctrl = event.ctrlKey || event.metaKey;
    let handled = true;
    if (ctrl && !event.altKey && (key === "z" || key === "Z")) {
      this.enqueue(() => this.command(event.shiftKey ? "redo" : "undo"));
    } else if (ctrl && !event.altKey && (key === "y" || key === "Y")) {
      this.enqueue(() => this.command("redo"));
    } else if (ctrl || event.altKey) {
      handled = false;
    } else if (key === "u" || key === "U") {
      this.enqueue(() => this.command("undo"));
    } else if (key === "r" || key === "R") {
      this.enqueue(() => this.command("redo"));
    } else if (key === "h" || key === "H") {
      this.enqueue(() => this.command("hint"));
    } else if (
      inTable &&
      (key === "ArrowUp" || key === "ArrowDown") &&
      this.selection &&
      this.selection.pile === inTable.dataset.pile &&
      this.resize(key === "ArrowUp" ? 1 : -1)
    ) {
      // more or fewer cards picked up (see resize)
    } else if (inTable && key.startsWith("Arrow")) {
      const next = this.neighbour(inTable, key);
      if (next) {
        this.focusable(next);
        next.focus();
      }
    } else if (inTable && (key === "Enter" || key === " ")) {
      const started = performance.now();
      this.enqueue(() => this.activate(inTable.dataset.pile, null, started));
    } else if (inTable && (key === "f" || key === "F")) {
      this.enqueue(() => this.toFoundation(inTable.dataset.pile));
    } else if (key === "Escape" && this.selection) {
      this.setSelection(null);
      this.announce(this.strings.deselected);
    } else {
      handled = false;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }
}

// Every module of the table has loaded: early.js no longer needs to report that it did not.
window.patienceTableStarted = true;
const root = document.querySelector(".pt-game[data-variant]");
if (root) new Game(root).boot();
