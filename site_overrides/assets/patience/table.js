// Everything the page shows of the game, and the only code that writes its DOM: the piles
// (already in the page, placed by the template from the engine config; filled here with cards,
// redrawing only the piles that changed, sliding moved cards from where they were), and the
// bar, messages, live region, dialog and loading states around them.

import { format, plural } from "./text.js";

const SUITS = { C: "\u2663\uFE0E", D: "\u2666\uFE0E", H: "\u2665\uFE0E", S: "\u2660\uFE0E" };
const RANKS = { A: 1, T: 10, J: 11, Q: 12, K: 13 };

export function rankOf(code) {
  const r = code[0];
  return RANKS[r] || Number(r);
}

export function suitOf(code) {
  return code[code.length - 1];
}

// What a pile shows, as a string: equal strings, same drawing.
function signature(cards) {
  return cards.map(([code, up]) => (up ? code : code.toLowerCase())).join(" ");
}

export class Table {
  constructor(game, strings) {
    this.game = game;
    this.root = game.querySelector(".pt-table");
    this.strings = strings;
    this.piles = new Map();
    for (const el of this.root.querySelectorAll("[data-pile]")) this.piles.set(el.dataset.pile, el);
    this.el = {};
    for (const el of game.querySelectorAll("[data-role]")) this.el[el.dataset.role] = el;
    this.buttons = {};
    for (const el of game.querySelectorAll("button[data-action]")) this.buttons[el.dataset.action] = el;
    this.drawn = new Map(); // pile id -> signature of what is drawn
    this.wasteShows = Number(getComputedStyle(this.root).getPropertyValue("--waste-shows")) || 1;
    this.spoken = [];
    this.messageKind = null;
  }

  cardName(code) {
    const s = this.strings;
    return format(s.card, { rank: s[`rank.${rankOf(code)}`], suit: s[`suit.${suitOf(code)}`] });
  }

  pileName(id) {
    const [kind, index] = id.split(".");
    return format(this.strings[`pile.${kind}`] || id, { n: Number(index) + 1 });
  }

  index(rank) {
    return this.strings[`index.${rank}`] || String(rank);
  }

  makeCard(code, up) {
    const card = document.createElement("div");
    card.className = "pt-card";
    card.dataset.card = code;
    card.dataset.face = up ? "up" : "down";
    // The pile's label names its count and top card; the corner letters would only repeat it.
    card.setAttribute("aria-hidden", "true");
    if (up) {
      const suit = suitOf(code);
      card.dataset.color = suit === "H" || suit === "D" ? "red" : "black";
      // The corner and pip are drawn by the stylesheet from these attributes: the pile's
      // label names the card, and a pile's own text would not match that label.
      const corner = document.createElement("span");
      corner.className = "pt-idx";
      corner.dataset.rank = this.index(rankOf(code));
      const small = document.createElement("span");
      small.className = "pt-suit";
      small.dataset.suit = SUITS[suit];
      corner.append(small);
      const pip = document.createElement("span");
      pip.className = "pt-pip";
      pip.dataset.suit = SUITS[suit];
      card.append(corner, pip);
    }
    return card;
  }

  // Positions of the cards now drawn in these piles, by card code, for the slide animation.
  snapshot(ids) {
    const where = new Map();
    for (const id of ids) {
      const el = this.piles.get(id);
      if (!el) continue;
      for (const card of el.children) {
        const list = where.get(card.dataset.card) || [];
        list.push(card.getBoundingClientRect());
        where.set(card.dataset.card, list);
      }
    }
    return where;
  }

  // Draw a position; returns the ids of the piles that changed. With animate, cards that moved
  // since the last drawing slide there, one pile after another (automatic moves, mostly).
  draw(state, { animate = false } = {}) {
    const changed = [];
    for (const [id, cards] of Object.entries(state.piles)) {
      if (this.drawn.get(id) !== signature(cards)) changed.push(id);
    }
    const before = animate && changed.length ? this.snapshot(changed) : null;
    for (const id of changed) this.fill(id, state.piles[id]);
    if (before) this.slide(before, changed);
    return changed;
  }

  // Draw the piles a player's move changed (see predict), sliding the moved cards from where
  // they were.
  place(piles) {
    const ids = Object.keys(piles);
    const before = this.snapshot(ids);
    for (const id of ids) this.fill(id, piles[id]);
    this.slide(before, ids);
  }

  // Draw a pile's cards. The cards at its bottom that are drawn already stay as they are (a
  // stock turned, a card laid on a column): only those above them are made again, which spares
  // the browser restyling a long pile for every move. A card's offsets depend only on the
  // cards under it, but for the waste's, which count from its top.
  fill(id, cards) {
    const el = this.piles.get(id);
    if (!el) return;
    const fan = el.dataset.fan;
    const drawn = el.children;
    let kept = 0;
    while (kept < drawn.length && kept < cards.length && drawn[kept].dataset.card === cards[kept][0]
      && (drawn[kept].dataset.face === "up") === cards[kept][1]) kept += 1;
    while (drawn.length > kept) el.lastElementChild.remove();
    const nodes = [];
    let down = 0;
    let up = 0;
    const shownFrom = cards.length - this.wasteShows;
    cards.forEach(([code, faceUp], i) => {
      const fresh = i >= kept;
      const card = fresh ? this.makeCard(code, faceUp) : drawn[i];
      if (fan === "down") {
        if (fresh) {
          card.style.setProperty("--d", String(down));
          card.style.setProperty("--u", String(up));
        }
        if (faceUp) up += 1;
        else down += 1;
      } else if (fan === "right") {
        if (fresh) card.style.setProperty("--i", String(i));
      } else if (fan === "waste") {
        const shift = String(Math.max(0, i - shownFrom));
        if (card.style.getPropertyValue("--i") !== shift) card.style.setProperty("--i", shift);
      }
      if (fresh) nodes.push(card);
    });
    el.append(...nodes);
    el.style.setProperty("--n", String(cards.length));
    if (fan === "down") {
      el.style.setProperty("--down", String(down));
      el.style.setProperty("--up", String(up));
    }
    el.dataset.count = String(cards.length);
    el.setAttribute("aria-label", this.describe(id, cards));
    this.drawn.set(id, signature(cards));
  }

  describe(id, cards) {
    const s = this.strings;
    const pile = this.pileName(id);
    if (!cards.length) return format(s.pile_empty, { pile });
    const [code, up] = cards[cards.length - 1];
    const count = cards.length;
    if (!up) return format(plural(s, "pile_down", count), { pile, count });
    return format(plural(s, "pile_top", count), { pile, count, card: this.cardName(code) });
  }

  slide(before, changed) {
    if (typeof Element.prototype.animate !== "function") return;
    if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let step = 0;
    for (const id of changed) {
      const el = this.piles.get(id);
      let moved = false;
      const delay = 90 * step;
      for (const card of el.children) {
        const old = before.get(card.dataset.card);
        if (!old || !old.length) continue;
        const from = old.shift();
        const now = card.getBoundingClientRect();
        const dx = from.left - now.left;
        const dy = from.top - now.top;
        if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
        moved = true;
        card.animate(
          [{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 50 }, { transform: "none", zIndex: 50 }],
          { duration: 160, delay, easing: "ease-out", fill: "backwards" },
        );
      }
      if (moved) step += 1;
    }
  }

  // The height a tableau column may take before it closes up (see game.css): from the top of
  // the first downward pile to the bottom of the window, as the page lies unscrolled.
  fitHeight() {
    const column = this.root.querySelector('[data-fan="down"]');
    if (!column) return;
    const top = column.getBoundingClientRect().top + window.scrollY;
    const room = Math.max(window.innerHeight - top - 8, 0);
    this.root.style.setProperty("--room", `${Math.round(room)}px`);
  }

  // The pile whose cards are being dragged is drawn above every other pile.
  lift(id) {
    for (const [pile, el] of this.piles) el.classList.toggle("pt-lifted", pile === id);
    this.root.classList.toggle("pt-dragging-table", id !== null);
  }

  cardsOf(id) {
    const el = this.piles.get(id);
    return el ? Array.from(el.children) : [];
  }

  mark(className, ids) {
    for (const [id, el] of this.piles) el.classList.toggle(className, ids.includes(id));
  }

  select(selection) {
    for (const el of this.root.querySelectorAll(".pt-selected")) el.classList.remove("pt-selected");
    if (!selection) return;
    const cards = this.cardsOf(selection.pile);
    for (const card of cards.slice(cards.length - selection.count)) card.classList.add("pt-selected");
  }

  flash(ids, className = "pt-hint") {
    for (const id of ids) {
      const el = this.piles.get(id);
      if (!el) continue;
      el.classList.remove(className);
      void el.offsetWidth; // restart the animation
      el.classList.add(className);
      setTimeout(() => el.classList.remove(className), 1600);
    }
  }

  // How a pile spreads its cards: "down", "right", "stack" or "waste" (see gamepage.FANNING).
  fanOf(id) {
    const el = this.piles.get(id);
    return el ? el.dataset.fan : "stack";
  }

  // ---- keyboard focus and dragging -----------------------------------------------------------

  // One pile at a time is in the Tab order (the one last used); arrows move between them.
  focusable(el, focus = false) {
    if (!el) return;
    for (const pile of this.piles.values()) pile.tabIndex = pile === el ? 0 : -1;
    if (focus) el.focus();
  }

  firstPile() {
    return this.root.querySelector("[data-pile]");
  }

  dragging(cards, on) {
    for (const card of cards) {
      card.classList.toggle("pt-dragging", on);
      if (!on) card.style.transform = "";
    }
  }

  dragTo(cards, dx, dy) {
    for (const card of cards) card.style.transform = `translate(${dx}px, ${dy}px)`;
  }

  // ---- the bar, messages and the live region -------------------------------------------------

  // A visible message (kinds: info, notice, stuck, win, error), also spoken.
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

  counters({ deal, moves, time }) {
    const s = this.strings;
    this.el.deal.textContent = format(s.deal, { n: deal });
    this.el.moves.textContent = format(s.moves, { n: moves });
    this.el.time.textContent = format(s.time, { t: time });
  }

  stats({ played, won, best }) {
    this.el.stats.textContent = format(this.strings.stats, { played, won, streak: best });
  }

  check(role, on) {
    this.el[role].checked = Boolean(on);
  }

  // Which buttons can be used: {undo: true, ...}; `finish` shows or hides that button.
  enable(flags) {
    for (const [action, on] of Object.entries(flags)) {
      const button = this.buttons[action];
      if (!button) continue;
      if (action === "finish") button.hidden = !on;
      else button.disabled = !on;
    }
  }

  // ---- loading, ready, error ------------------------------------------------------------------

  // The loading spinner turns eight steps a second from here: a CSS animation would redraw
  // sixty times a second, on a core that Pyodide's start-up needs (about 0.1 s of it on a
  // two-core machine). Returns the function that stops it.
  spin() {
    const spinner = this.game.querySelector(".pt-spinner");
    if (!spinner || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return () => {};
    let step = 0;
    const timer = setInterval(() => {
      step = (step + 1) % 8;
      spinner.style.setProperty("--step", String(step));
    }, 125);
    return () => clearInterval(timer);
  }

  progress(stage) {
    this.game.setAttribute("data-progress", stage);
  }

  ready() {
    this.el.progress.hidden = true;
    for (const button of Object.values(this.buttons)) button.disabled = false;
    this.focusable(this.firstPile());
    this.game.dataset.state = "ready";
  }

  failed() {
    this.el.progress.hidden = true;
    this.el.error.hidden = false;
    for (const button of Object.values(this.buttons)) button.disabled = true;
    this.game.dataset.state = "error";
  }

  offline() {
    this.game.dataset.offline = "kept";
  }

  headerStarted() {
    this.game.dataset.header = "started";
  }

  // ---- the win and statistics dialog ----------------------------------------------------------

  // One dialog, for the win and for the Statistics button: a title, an optional line and the
  // player's figures as [name, value] rows.
  dialog(title, text, rows) {
    const dialog = this.el.dialog;
    if (!dialog || typeof dialog.showModal !== "function") return;
    this.el["dialog-title"].textContent = title;
    this.el["dialog-text"].textContent = text;
    this.el["dialog-text"].hidden = !text;
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

  closeDialog() {
    if (this.el.dialog && this.el.dialog.open) this.el.dialog.close();
  }
}
