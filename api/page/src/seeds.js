// The pinned seed set of the map: paper ids kept in the browser (localStorage).
const KEY = "papergraph.seeds";

export function pinned() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "[]");
  } catch {
    return [];
  }
}

export function togglePin(id) {
  const seeds = pinned();
  const next = seeds.includes(id) ? seeds.filter((s) => s !== id) : [...seeds, id];
  localStorage.setItem(KEY, JSON.stringify(next));
  return next;
}
