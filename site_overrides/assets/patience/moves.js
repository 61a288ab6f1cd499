// Moves as the page handles them: the engine sends its legal moves as text with every
// position ("tableau.1>tableau.4x3"), and these functions pick among them. The engine alone
// decides what is legal. No DOM here, so `node --test` checks it.

export function parseMove(text) {
  const [source, rest] = text.split(">");
  const [target, count] = rest.split("x");
  return { text, source, target, count: count ? Number(count) : 1 };
}

export function kindOf(pileId) {
  return pileId.split(".")[0];
}

// The ids of the piles of one kind, in the order of their numbers.
export function pilesOfKind(piles, kind) {
  return Object.keys(piles)
    .filter((id) => kindOf(id) === kind)
    .sort((a, b) => Number(a.split(".")[1]) - Number(b.split(".")[1]));
}

export function movesFrom(legal, pile, count = null) {
  return legal.filter((m) => m.source === pile && (count === null || m.count === count));
}

// The move for "these cards onto that pile": the exact one, or the only one between the piles.
export function findMove(legal, source, count, target) {
  const exact = legal.find((m) => m.source === source && m.target === target && m.count === count);
  if (exact) return exact;
  const between = legal.filter((m) => m.source === source && m.target === target);
  return between.length === 1 ? between[0] : null;
}

// What a click on the stock does: turn it, or else put the waste back.
export function stockMove(legal) {
  return (
    legal.find((m) => kindOf(m.source) === "stock") || legal.find((m) => kindOf(m.target) === "stock") || null
  );
}

// One card from a pile to any foundation (a double-click, or F).
export function foundationMove(legal, pile) {
  if (kindOf(pile) === "foundation") return null;
  return legal.find((m) => m.source === pile && m.count === 1 && kindOf(m.target) === "foundation") || null;
}

// The piles the picked-up cards may go to.
export function targetsOf(legal, selection) {
  return selection ? movesFrom(legal, selection.pile, selection.count).map((m) => m.target) : [];
}

// What a press on the card at `index` picks up (null index: the top card): that card and the
// cards above it, if it is face up; a stacked pile gives only its top card.
export function pickUp(cards, fan, pile, index) {
  if (!cards.length) return null;
  const at = fan === "stack" || fan === "waste" || index === null ? cards.length - 1 : index;
  if (at < 0 || at >= cards.length || !cards[at][1]) return null;
  return { pile, count: cards.length - at };
}

// How many cards a pick in a pile may take: the face-up cards on top (one on a stack).
export function mostCards(cards, fan) {
  if (fan === "stack" || fan === "waste") return Math.min(1, cards.length);
  let count = 0;
  while (count < cards.length && cards[cards.length - 1 - count][1]) count += 1;
  return count;
}

// Whether moves to the foundations alone might finish the game: every card face up and the
// stock empty (the engine then says whether they do).
export function mayFinish(piles) {
  const all = Object.entries(piles);
  return (
    all.every(([id, cards]) => kindOf(id) !== "stock" || cards.length === 0) &&
    all.every(([, cards]) => cards.every(([, up]) => up))
  );
}

// The piles a move changes, as the engine will show them, or null for a move the page does
// not draw itself. A card move takes the cards moved and turns up a face-down card left on
// top. A turn of the stock (or the waste put back as the stock) takes the cards one at a
// time, each turned over; dealt to the tableau, they go one to each tableau pile in turn.
// Drawing this at once keeps the engine's round trip off the click-to-screen path; the
// engine's own position then settles anything else (automatic moves, mostly).
export function predict(piles, move) {
  const source = piles[move.source];
  const target = piles[move.target];
  if (!source || !target || move.count > source.length) return null;
  const from = kindOf(move.source);
  const to = kindOf(move.target);
  if (from === "stock" || (from === "waste" && to === "stock")) {
    const turned = source.slice(source.length - move.count).reverse().map(([code, up]) => [code, !up]);
    const after = { [move.source]: source.slice(0, source.length - move.count) };
    const targets = from === "stock" && to === "tableau" ? pilesOfKind(piles, "tableau") : [move.target];
    turned.forEach((card, i) => {
      const id = targets[i % targets.length];
      after[id] = (after[id] || piles[id]).concat([card]);
    });
    return after;
  }
  const plain = ["foundation", "tableau", "reserve", "fan", "waste"];
  if (!plain.includes(from) || !plain.includes(to)) return null;
  const moving = source.slice(source.length - move.count);
  if (moving.some(([, up]) => !up)) return null;
  const left = source.slice(0, source.length - move.count);
  if (left.length && !left[left.length - 1][1]) {
    left[left.length - 1] = [left[left.length - 1][0], true];
  }
  return { [move.source]: left, [move.target]: target.concat(moving) };
}
