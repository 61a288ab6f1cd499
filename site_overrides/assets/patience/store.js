// The game in progress and the statistics, kept in localStorage per variant. A save is the deal
// and the player's moves (plus the moves undone, for redo): replaying them restores the game
// exactly. Anything unreadable is reported as corrupt, never thrown.

const FORMAT = 1;
const MOVE = /^[a-z]+\.\d+>[a-z]+\.\d+(x\d+)?$/;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: play on without saving
  }
}

function read(key) {
  const box = storage();
  if (!box) return null;
  try {
    return box.getItem(key);
  } catch {
    return null;
  }
}

function write(key, value) {
  const box = storage();
  if (!box) return;
  try {
    if (value === null) box.removeItem(key);
    else box.setItem(key, JSON.stringify(value));
  } catch {
    // full or forbidden: the game goes on, only unsaved
  }
}

export const gameKey = (variant) => `patience.game.${variant}`;
export const statsKey = (variant) => `patience.stats.${variant}`;

function isMoveList(value) {
  return Array.isArray(value) && value.every((move) => typeof move === "string" && MOVE.test(move));
}

// {status: "none"} | {status: "ok", game} | {status: "corrupt"}
export function loadGame(variant) {
  const text = read(gameKey(variant));
  if (text === null) return { status: "none" };
  let game;
  try {
    game = JSON.parse(text);
  } catch {
    return { status: "corrupt" };
  }
  const valid =
    game !== null &&
    typeof game === "object" &&
    game.format === FORMAT &&
    game.variant === variant &&
    Number.isSafeInteger(game.deal) &&
    game.deal >= 0 &&
    isMoveList(game.moves) &&
    isMoveList(game.redo ?? []);
  if (!valid) return { status: "corrupt" };
  return {
    status: "ok",
    game: {
      deal: game.deal,
      moves: game.moves,
      redo: game.redo ?? [],
      elapsed: Number.isFinite(game.elapsed) && game.elapsed >= 0 ? game.elapsed : 0,
      counted: game.counted === true,
      recorded: game.recorded === true,
    },
  };
}

export function saveGame(variant, game) {
  write(gameKey(variant), {
    format: FORMAT,
    variant,
    deal: game.deal,
    moves: game.moves,
    redo: game.redo,
    elapsed: Math.round(game.elapsed),
    counted: game.counted,
    recorded: game.recorded,
  });
}

export function clearGame(variant) {
  write(gameKey(variant), null);
}

export function loadStats(variant) {
  // best: the best winning streak; bestTime: the quickest win in milliseconds (0: none yet).
  const empty = { played: 0, won: 0, streak: 0, best: 0, bestTime: 0 };
  try {
    const stats = JSON.parse(read(statsKey(variant)) ?? "null");
    if (!stats || typeof stats !== "object") return empty;
    const count = (value) => (Number.isSafeInteger(value) && value >= 0 ? value : 0);
    return {
      played: count(stats.played),
      won: count(stats.won),
      streak: count(stats.streak),
      best: count(stats.best),
      bestTime: count(stats.bestTime),
    };
  } catch {
    return empty;
  }
}

export function saveStats(variant, stats) {
  write(statsKey(variant), stats);
}

// The player's choice of "winnable deals only", shared by every game.
const winnableKey = "patience.option.winnable";

export function loadWinnableOnly() {
  return read(winnableKey) === "true";
}

export function saveWinnableOnly(on) {
  write(winnableKey, Boolean(on));
}
