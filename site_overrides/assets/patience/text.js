// The table's words and numbers: filling in messages, plural forms, the clock and the deal in
// the address. No DOM here, so `node --test` checks it.

// A message with its {placeholders} filled in; an unknown placeholder stays as it is.
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

// Milliseconds as the clock shows them: 0:07, 12:34, 1:02:03.
export function clockText(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

// The deal asked for in the address ("#deal=123"), or null.
export function dealFromHash(hash) {
  const match = /(?:^#|&)deal=(\d{1,9})(?:&|$)/.exec(hash);
  return match ? Number(match[1]) : null;
}
