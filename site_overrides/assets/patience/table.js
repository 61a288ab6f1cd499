// Drawing the table. The piles are already in the page (the template places them from the
// engine config); this module fills them with cards, redrawing only the piles that changed,
// and slides moved cards from where they were to where they are.

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

export function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// A message with plural forms (a list, see gamepage.ui_strings) in the form for count n; the
// page's "plural" table is the catalog's own rule. A plain string is returned as it is.
export function plural(strings, key, n) {
  const forms = strings[key];
  if (typeof forms === "string") return forms;
  const table = strings.plural || [];
  const index = n < table.length ? table[n] : table[table.length - 1] || 0;
  return forms[Math.min(index, forms.length - 1)];
}

export class Table {
  constructor(root, strings) {
    this.root = root;
    this.strings = strings;
    this.piles = new Map();
    for (const el of root.querySelectorAll("[data-pile]")) this.piles.set(el.dataset.pile, el);
    this.drawn = new Map(); // pile id -> signature of what is drawn
    this.wasteShows = Number(getComputedStyle(root).getPropertyValue("--waste-shows")) || 1;
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

  // The two piles a move changes, as the engine will show them (the cards moved, and a
  // face-down card left on top turned up), or null for moves whose result is not that plain
  // (the stock and redeals). Drawing this at once keeps the engine's round trip off the
  // click-to-screen path; the engine's own position then settles anything else.
  predict(piles, move) {
    const source = piles[move.source];
    const target = piles[move.target];
    const plain = ["foundation", "tableau", "reserve", "fan", "waste"];
    if (!source || !target || move.count > source.length) return null;
    if (!plain.includes(move.source.split(".")[0]) || !plain.includes(move.target.split(".")[0])) {
      return null;
    }
    const moving = source.slice(source.length - move.count);
    if (moving.some(([, up]) => !up)) return null;
    const left = source.slice(0, source.length - move.count);
    if (left.length && !left[left.length - 1][1]) {
      left[left.length - 1] = [left[left.length - 1][0], true];
    }
    return { [move.source]: left, [move.target]: target.concat(moving) };
  }

  fill(id, cards) {
    const el = this.piles.get(id);
    if (!el) return;
    const fan = el.dataset.fan;
    const nodes = [];
    let down = 0;
    let up = 0;
    const shownFrom = cards.length - this.wasteShows;
    cards.forEach(([code, faceUp], i) => {
      const card = this.makeCard(code, faceUp);
      if (fan === "down") {
        card.style.setProperty("--d", String(down));
        card.style.setProperty("--u", String(up));
        if (faceUp) up += 1;
        else down += 1;
      } else if (fan === "right") {
        card.style.setProperty("--i", String(i));
      } else if (fan === "waste") {
        card.style.setProperty("--i", String(Math.max(0, i - shownFrom)));
      }
      nodes.push(card);
    });
    el.replaceChildren(...nodes);
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
}
