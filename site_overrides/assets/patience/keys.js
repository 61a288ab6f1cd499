// The keyboard: one table from keys to the table's actions. A row matches when its key is
// pressed with exactly its modifiers (ctrl: Ctrl or Cmd) and, for rows marked `pile`, while
// the focus is on a pile. The first matching row wins. No DOM here, so `node --test` checks it.

export const KEYS = [
  { keys: ["z", "Z"], ctrl: true, action: "undo" },
  { keys: ["z", "Z"], ctrl: true, shift: true, action: "redo" },
  { keys: ["y", "Y"], ctrl: true, action: "redo" },
  { keys: ["u", "U"], action: "undo" },
  { keys: ["r", "R"], action: "redo" },
  { keys: ["h", "H"], action: "hint" },
  { keys: ["ArrowUp"], pile: true, action: "up" }, // one card more, or the pile above
  { keys: ["ArrowDown"], pile: true, action: "down" }, // one card fewer, or the pile below
  { keys: ["ArrowLeft"], pile: true, action: "left" },
  { keys: ["ArrowRight"], pile: true, action: "right" },
  { keys: ["Enter", " "], pile: true, action: "activate" }, // pick up, or play here
  { keys: ["f", "F"], pile: true, action: "foundation" },
  { keys: ["Escape"], action: "put-down" },
];

// The action for a keydown ({key, ctrlKey, metaKey, shiftKey, altKey}), or null.
export function actionFor(event, onPile) {
  if (event.altKey) return null;
  const ctrl = Boolean(event.ctrlKey || event.metaKey);
  for (const row of KEYS) {
    if (!row.keys.includes(event.key) || Boolean(row.ctrl) !== ctrl) continue;
    if (row.ctrl && Boolean(row.shift) !== Boolean(event.shiftKey)) continue;
    if (row.pile && !onPile) continue;
    return row.action;
  }
  return null;
}
