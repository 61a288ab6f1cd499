// Input: clicks, double-clicks, drags (mouse and touch, through pointer events) and keys
// (through the table in keys.js) become the controller's actions. It reads the DOM to find
// where the pointer is and which pile is next to which; table.js does all the drawing.

import { actionFor } from "./keys.js";
import { kindOf } from "./moves.js";
import * as store from "./store.js";

const DRAG_THRESHOLD = 6; // pixels a press must travel to become a drag

export class Input {
  constructor(root, table, controller) {
    this.root = root;
    this.table = table;
    this.game = controller;
    this.drag = null;
    this.press = null; // where the pointer was pressed: {at, id, card}
    this.suppressClick = false;
  }

  listen() {
    const area = this.table.root;
    area.addEventListener("click", (event) => this.onClick(event));
    area.addEventListener("dblclick", (event) => this.onDoubleClick(event));
    area.addEventListener("pointerdown", (event) => this.onPointerDown(event));
    area.addEventListener("pointermove", (event) => this.onPointerMove(event));
    // On the document: a release may come outside the table (see clickOnPress).
    document.addEventListener("pointerup", (event) => this.onPointerUp(event));
    area.addEventListener("pointercancel", () => this.endDrag(null));
    this.root.addEventListener("keydown", (event) => this.onKey(event));
    for (const [action, button] of Object.entries(this.table.buttons)) {
      button.addEventListener("click", () => this.game.button(action));
    }
    this.table.check("winnable", store.loadWinnableOnly());
    this.table.el.winnable.addEventListener("change", (event) => store.saveWinnableOnly(event.target.checked));
    this.root.querySelector('[data-dialog="close"]').addEventListener("click", () => this.table.closeDialog());
    this.root.querySelector('[data-dialog="new"]').addEventListener("click", () => {
      this.table.closeDialog();
      this.game.newDeal();
    });
    window.addEventListener("hashchange", () => this.game.followHash());
    document.addEventListener("visibilitychange", () => this.game.pause(false));
    window.addEventListener("pagehide", () => this.game.pause(true));
    window.addEventListener("pageshow", (event) => {
      // Back from the page cache: the worker was ended on leaving, so start afresh.
      if (event.persisted) window.location.reload();
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
  }

  // The pile (and card index, or null for the pile itself) under an element.
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
    if (at) this.clickOn(at, event.timeStamp);
  }

  clickOn(at, started) {
    this.table.focusable(this.table.piles.get(at.pile));
    this.game.enqueue(() => this.game.activate(at.pile, at.index, started));
  }

  // The browser's click goes where press and release have in common. A card pressed while it
  // still slides to where it was drawn (table.js's slide) can leave the pointer before the
  // release, and that click would land on the table, or another pile, instead; a card drawn
  // anew meanwhile (the engine's answer redraws its pile) is no longer in the page, and gets
  // no click at all. A release away from the pile pressed, or after the card pressed was
  // redrawn, without a drag, is therefore a click on what was pressed, and the browser's own
  // click that follows, if any, is ignored.
  clickOnPress(press, event) {
    const at = this.where(event.target);
    if (at && at.pile === press.at.pile && press.card.isConnected) return;
    this.clickOn(press.at, event.timeStamp);
    this.ignoreNextClick();
  }

  ignoreNextClick() {
    this.suppressClick = true;
    setTimeout(() => {
      this.suppressClick = false;
    }, 0);
  }

  onDoubleClick(event) {
    const at = this.where(event.target);
    if (!at || at.index === null) return;
    if (at.index !== this.game.pileCards(at.pile).length - 1) return;
    const started = event.timeStamp;
    this.game.enqueue(() => this.game.toFoundation(at.pile, started));
  }

  // ---- drag and drop ---------------------------------------------------------------------------

  onPointerDown(event) {
    if (event.button !== 0 || !this.game.ready) return;
    const at = this.where(event.target);
    this.press = at && at.index !== null ? { at, id: event.pointerId, card: event.target } : null;
    if (!at || at.index === null || kindOf(at.pile) === "stock") return;
    const pick = this.game.pickUp(at.pile, at.index);
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
      this.game.setSelection(drag.pick);
      const cards = this.table.cardsOf(drag.pick.pile);
      drag.cards = cards.slice(cards.length - drag.pick.count);
      this.table.dragging(drag.cards, true);
      this.table.lift(drag.pick.pile);
      try {
        this.table.root.setPointerCapture(event.pointerId);
      } catch {
        // the pointer is already gone; pointerup will end the drag
      }
    }
    this.table.dragTo(drag.cards, dx, dy);
    event.preventDefault();
  }

  onPointerUp(event) {
    const press = this.press;
    this.press = null;
    const drag = this.drag;
    if (!drag || !drag.moving) {
      if (drag && event.pointerId === drag.id) this.drag = null;
      if (press && event.pointerId === press.id) this.clickOnPress(press, event);
      return;
    }
    if (event.pointerId !== drag.id) return;
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
    this.ignoreNextClick();
  }

  endDrag(target) {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    this.table.dragging(drag.cards, false);
    this.table.lift(null);
    if (!drag.moving) return;
    const started = performance.now();
    this.game.enqueue(() => this.game.drop(drag.pick, target, started));
  }

  // ---- keyboard --------------------------------------------------------------------------------

  // The nearest pile in an arrow's direction, by where the piles are drawn.
  neighbour(from, direction) {
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
      const ahead = { left: -dx, right: dx, up: -dy, down: dy }[direction];
      if (ahead <= 1) continue;
      const aside = direction === "left" || direction === "right" ? Math.abs(dy) : Math.abs(dx);
      const score = ahead + 3 * aside;
      if (score < bestScore) {
        bestScore = score;
        best = el;
      }
    }
    return best;
  }

  onKey(event) {
    const pileEl = event.target.closest && event.target.closest("[data-pile]");
    const action = actionFor(event, Boolean(pileEl));
    if (action === null || !this.perform(action, pileEl)) return;
    event.preventDefault();
    event.stopPropagation();
  }

  // Carries out a key's action; false when it does nothing here (the key then keeps its usual
  // meaning for the page).
  perform(action, pileEl) {
    const game = this.game;
    const pile = pileEl ? pileEl.dataset.pile : null;
    if (action === "undo" || action === "redo" || action === "hint") {
      game.enqueue(() => game.command(action));
    } else if (action === "up" || action === "down") {
      // One card more or fewer picked up, or else the next pile; after any action still
      // queued, since that may be the Enter that picked the cards up.
      game.enqueue(() => {
        if (game.resize(pile, action === "up" ? 1 : -1)) return;
        const next = this.neighbour(pileEl, action);
        if (next) this.table.focusable(next, true);
      });
    } else if (action === "left" || action === "right") {
      const next = this.neighbour(pileEl, action);
      if (next) this.table.focusable(next, true);
    } else if (action === "activate") {
      const started = performance.now();
      game.enqueue(() => game.activate(pile, null, started));
    } else if (action === "foundation") {
      game.enqueue(() => game.toFoundation(pile));
    } else if (action === "put-down") {
      return game.putDown();
    }
    return true;
  }
}
