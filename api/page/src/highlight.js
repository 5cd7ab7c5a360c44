// An abstract (or title) with every extracted phrase marked at its evidence offsets. Offsets
// count Unicode code points, so the text is cut as an array of code points, not UTF-16 units.
// Overlapping spans split the text at every boundary; a piece carries all spans covering it.
import { h } from "./dom.js";

/** Spans {start, end, kind: "concept"|"proposes"|"uses", name, key, note, sentence}. */
export function highlighted(text, spans, onFocus) {
  const points = Array.from(text);
  const cuts = new Set([0, points.length]);
  for (const s of spans) {
    if (s.start < 0 || s.end > points.length || s.start >= s.end) continue;
    cuts.add(s.start);
    cuts.add(s.end);
  }
  const bounds = [...cuts].sort((a, b) => a - b);
  const pieces = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const [from, to] = [bounds[i], bounds[i + 1]];
    const piece = points.slice(from, to).join("");
    const covering = spans.filter((s) => s.start <= from && s.end >= to);
    pieces.push(covering.length ? mark(piece, from, to, covering, onFocus) : piece);
  }
  return pieces;
}

function mark(piece, from, to, covering, onFocus) {
  // Methods outrank concepts for the colour: the proposed method is what a reader looks for.
  const order = { proposes: 0, uses: 1, concept: 2 };
  const top = [...covering].sort((a, b) => order[a.kind] - order[b.kind])[0];
  const describe = covering.map((s) => `${s.name} — ${s.note}`).join("\n");
  const node = h("mark", {
    class: `hl ${top.kind}`, tabindex: 0, title: `${describe}\n“${top.sentence}”`,
    "data-start": from, "data-end": to,
    "data-names": covering.map((s) => s.name).join("|"),
  }, piece);
  const show = () => onFocus(covering);
  node.addEventListener("mouseenter", show);
  node.addEventListener("focus", show);
  return node;
}

/** The spans of a paper's concept and method mentions in one field ("ABSTRACT" or "TITLE"). */
export function spansOf(paper, field) {
  const spans = [];
  for (const m of paper.methodMentions) {
    if (m.evidence?.field !== field) continue;
    const kind = m.relation === "PROPOSES" ? "proposes" : "uses";
    spans.push({ ...pos(m.evidence), kind, name: m.method.name, key: m.method.key,
      note: `${m.method.kind.toLowerCase()}, ${kind === "proposes" ? "proposed here" : "used"} (score ${m.score.toFixed(2)})` });
  }
  for (const c of paper.concepts) {
    if (c.evidence?.field !== field) continue;
    spans.push({ ...pos(c.evidence), kind: "concept", name: c.concept.name, key: c.concept.key,
      note: `concept, ${c.source === "author" ? "an author keyword" : "extracted"} (score ${c.score.toFixed(2)})` });
  }
  return spans;
}

const pos = (e) => ({ start: e.start, end: e.end, sentence: e.sentence, text: e.text });
