// The page of `sliders serve`. Everything shown is computed by the server (/api/...);
// this script only draws: boards as SVG, bit rows as cells. Bitboards travel as "0x..."
// strings and are BigInt here (a JS number loses bits past 2^53).
"use strict";

const FILES = "abcdefgh";
const SVG = "http://www.w3.org/2000/svg";
const state = { square: "e4", occupied: 0x0010000002000000n };

const $ = (id) => document.getElementById(id);
const squareName = (i) => FILES[i % 8] + (Math.floor(i / 8) + 1);
const squareIndex = (name) => FILES.indexOf(name[0]) + 8 * (Number(name[1]) - 1);
const hex = (b) => "0x" + b.toString(16).padStart(16, "0");
const has = (set, i) => ((set >> BigInt(i)) & 1n) === 1n;

async function api(path, params, method = "GET") {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(path + (query ? "?" + query : ""), { method });
  const body = await response.json();
  if (!response.ok) {
    const where = body.parameter ? ` (${body.parameter})` : "";
    throw new Error(body.error + where);
  }
  return body;
}

function el(tag, attrs = {}, text) {
  const e = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// An 8x8 board: `cells(i)` gives each square's fill, `marks(i)` its text; `onClick(i)`.
function board({ size = 22, cells, marks = () => "", onClick, id, data = () => ({}) }) {
  const svg = el("svg:svg", { width: size * 8 + 14, height: size * 8 + 14, viewBox: `0 0 ${size * 8 + 14} ${size * 8 + 14}` });
  if (id) svg.setAttribute("id", id);
  for (let i = 0; i < 64; i++) {
    const file = i % 8, rank = Math.floor(i / 8);
    const x = 14 + file * size, y = (7 - rank) * size;
    const light = (file + rank) % 2 === 1;
    const rect = el("svg:rect", {
      x, y, width: size, height: size, class: "cell", "data-square": squareName(i),
      fill: cells(i) || (light ? "#f0ead8" : "#cdbf9e"), stroke: "#888", "stroke-width": 0.3,
      ...data(i),
    });
    if (onClick) rect.addEventListener("click", () => onClick(i));
    svg.appendChild(rect);
    const mark = marks(i);
    if (mark) svg.appendChild(el("svg:text", { x: x + size / 2, y: y + size * 0.7, "text-anchor": "middle", "font-size": size * 0.6 }, mark));
  }
  for (let f = 0; f < 8; f++) svg.appendChild(el("svg:text", { x: 14 + f * size + size / 2, y: size * 8 + 12, "text-anchor": "middle", "font-size": 10 }, FILES[f]));
  for (let r = 0; r < 8; r++) svg.appendChild(el("svg:text", { x: 5, y: (7 - r) * size + size * 0.65, "text-anchor": "middle", "font-size": 10 }, String(r + 1)));
  return svg;
}

// A set drawn small: its squares filled, the slider's square lettered.
function setBoard(set, colour = "#6fa8dc", letter) {
  const sq = squareIndex(state.square);
  return board({ size: 16, cells: (i) => (has(set, i) ? colour : null), marks: (i) => (i === sq ? letter : "") });
}

function figure(title, svg) {
  const f = el("figure");
  f.appendChild(svg);
  f.appendChild(el("figcaption", {}, title));
  return f;
}

// `value` ("0x...") as `width` bit cells, most significant first, the top `index` marked.
function bitRow(value, width, index, labelFrom = null) {
  const v = BigInt(value);
  const row = el("div", { class: "bits" });
  for (let i = width - 1; i >= 0; i--) {
    const top = width - 1 - i;
    const cls = "bit" + (top < index ? " index" : "") + (top > 0 && top % 8 === 0 ? " gap" : "");
    const cell = el("span", { class: cls, title: `bit ${i}` + (labelFrom ? ` (${labelFrom(i)})` : "") }, has(v, i) ? "1" : "0");
    row.appendChild(cell);
  }
  return row;
}

function letter() {
  return $("piece").value === "rook" ? "R" : "B";
}

function step(title, ...children) {
  const d = el("div", { class: "step" });
  d.appendChild(el("div", { class: "step-title" }, title));
  for (const c of children) d.appendChild(typeof c === "string" ? el("div", {}, c) : c);
  return d;
}

// One scheme's explanation, drawn step by step.
function drawExplanation(target, ex) {
  target.innerHTML = "";
  target.appendChild(el("h3", {}, ex.scheme));
  target.appendChild(el("code", {}, ex.formula));
  if (ex.note) target.appendChild(el("p", {}, "(" + ex.note + ")"));
  const L = letter();
  let n = 0;
  const boards = el("div", { class: "boards" });
  for (const s of ex.steps) {
    n++;
    switch (s.kind) {
      case "mask":
        boards.appendChild(figure(`${n}. mask (${s.bits} bits)`, setBoard(BigInt(s.set), "#9fc5e8", L)));
        break;
      case "operand":
        boards.appendChild(figure(`${n}. ${s.title}`, setBoard(BigInt(s.set), "#e06666", L)));
        target.appendChild(boards);
        break;
      case "product":
        target.appendChild(step(`${n}. ${s.operand} * magic ${s.magic} = ${s.product} (mod 2^64); the top ${s.index_bits} bits (marked) are the index`,
          bitRow(s.product, 64, s.index_bits)));
        break;
      case "folded":
        target.appendChild(step(`${n}. lo: ${s.lo[0]} * ${s.lo[1]} = ${s.lo[2]}; hi: ${s.hi[0]} * ${s.hi[1]} = ${s.hi[2]}; lo ^ hi = ${s.product} (32-bit); the top ${s.index_bits} bits are the index`,
          bitRow(s.product, 32, s.index_bits)));
        break;
      case "gather": {
        const gathered = el("div", { class: "bits" });
        for (let i = s.squares.length - 1; i >= 0; i--) {
          const [sq, on] = s.squares[i];
          gathered.appendChild(el("span", { class: "bit index", title: sq }, on ? "1" : "0"));
        }
        const labels = el("div", { class: "bitlabels" }, s.squares.map((q) => q[0]).reverse().join(" "));
        target.appendChild(step(`${n}. pext gathers the mask's squares, a1 side lowest`, gathered, labels));
        n++;
        target.appendChild(step(`${n}. pext = ${s.value} (${s.bits} index bits; no shift)`));
        break;
      }
      case "shift":
        target.appendChild(step(`${n}. >> shift ${s.shift} = ${s.value} (${s.index_bits} index bits)`));
        break;
      case "offset":
        target.appendChild(step(`${n}. + offset ${s.offset} = table index ${s.table_index}`));
        break;
      case "entry":
        target.appendChild(step(s.post ? `${n}. entry = table[${s.table_index}] & post ${s.post} = ${s.value}` : `${n}. entry = table[${s.table_index}] = ${s.value}`));
        break;
      case "byte":
        target.appendChild(step(`${n}. + bytes ${s.bytes} = byte index ${s.byte_index}; the byte names one of the square's sets (they start at list ${s.list})`));
        n++;
        target.appendChild(step(`${n}. set = ${s.value}`));
        break;
      case "deposit":
        target.appendChild(step(`${n}. entry = table[${s.table_index}] = ${s.entry} (16 bits under the empty-board rays ${s.rays})`, bitRow(s.entry, 16, 16)));
        n++;
        target.appendChild(step(`${n}. pdep(entry, rays) = ${s.value}`));
        break;
      case "rays": {
        const list = el("ul");
        for (const r of s.rays) {
          list.appendChild(el("li", { "data-direction": r.direction }, `${r.direction}: ${r.squares.join(" ") || "none"}, stopped by ${r.blocker ? "the blocker on " + r.blocker : "the edge"}`));
        }
        target.appendChild(step("each ray, until the edge or the first blocker", list));
        break;
      }
    }
  }
  const attacks = BigInt(ex.attacks);
  target.appendChild(step(`attacks ${ex.attacks}`, setBoard(attacks, "#93c47d", L)));
  if (!ex.agrees_with_reference) target.appendChild(el("p", { class: "error" }, "the reference ray walk disagrees with this scheme"));
}

function params(scheme) {
  return { piece: $("piece").value, square: state.square, occupied: hex(state.occupied), scheme };
}

function drawMainBoard(attacks) {
  const sq = squareIndex(state.square);
  const b = board({
    size: 44, id: "main-board",
    cells: (i) => (i === sq ? "#ffd966" : has(attacks, i) ? (has(state.occupied, i) ? "#e06666" : "#93c47d") : has(state.occupied, i) ? "#999" : null),
    marks: (i) => (i === sq ? letter() : has(state.occupied, i) ? "●" : ""),
    data: (i) => ({ "data-attacked": has(attacks, i) ? "1" : "0", "data-blocker": has(state.occupied, i) ? "1" : "0" }),
    onClick: (i) => {
      if ($("mode-square").checked) state.square = squareName(i);
      else if (i !== sq) state.occupied ^= 1n << BigInt(i);
      refresh();
    },
  });
  $("board").replaceChildren(b);
}

let refreshing = 0;
async function refresh() {
  const ticket = ++refreshing;
  $("occupied").value = hex(state.occupied);
  $("square-name").textContent = state.square;
  const a = $("scheme-a").value, b = $("scheme-b").value;
  $("scheme-a-name").textContent = a;
  try {
    const [exA, exB, coll] = await Promise.all([
      api("/api/explain", params(a)),
      b ? api("/api/explain", params(b)) : null,
      api("/api/collisions", params(a)),
    ]);
    if (ticket !== refreshing) return;
    $("lookup-error").textContent = "";
    drawMainBoard(BigInt(exA.attacks));
    $("attacks-a").textContent = exA.attacks;
    $("main-board").setAttribute("data-attacks", exA.attacks);
    // What the drawn board answers (the browser test waits for it).
    $("main-board").setAttribute("data-query", `${$("piece").value} ${state.square} ${hex(state.occupied)} ${a}`);
    drawExplanation($("explain-a"), exA);
    if (exB) drawExplanation($("explain-b"), exB);
    else $("explain-b").innerHTML = "";
    drawCollisions(coll);
  } catch (e) {
    if (ticket === refreshing) $("lookup-error").textContent = e.message;
  }
}

function drawCollisions(c) {
  const out = $("collisions-out");
  out.innerHTML = "";
  if (c.table_index === null) {
    out.appendChild(el("p", {}, c.note));
    return;
  }
  out.appendChild(el("p", { id: "collisions-count" },
    `${c.sharing} of the square's ${c.relevant_occupancies} relevant occupancies read entry ${c.table_index}; ${c.destructive} of them want other attacks.`));
  const boards = el("div", { class: "boards" });
  for (const x of c.examples) boards.appendChild(figure(x.occupied, setBoard(BigInt(x.occupied), "#999", letter())));
  out.appendChild(boards);
}

async function tryMagic() {
  const out = $("magic-out");
  out.innerHTML = "";
  try {
    const r = await api("/api/magic", {
      piece: $("piece").value, square: state.square, magic: $("magic-value").value.trim(),
      bits: $("magic-bits").value.trim(), key: $("magic-key").value,
    });
    if (r.ok) {
      out.appendChild(el("p", { class: "ok", id: "magic-verdict" },
        `a magic: ${r.piece} ${r.square} with ${r.bits} bits (${r.key} key) fills ${r.slots_used} of ${r.size} entries, every collision constructive.`));
    } else {
      const c = r.collision;
      out.appendChild(el("p", { class: "error", id: "magic-verdict" },
        `not a magic: entry ${c.index} is wanted by two occupancies with different attacks.`));
      const boards = el("div", { class: "boards" });
      boards.appendChild(figure("occupancy " + c.first, setBoard(BigInt(c.first), "#999", letter())));
      boards.appendChild(figure("its attacks " + c.first_attacks, setBoard(BigInt(c.first_attacks), "#93c47d", letter())));
      boards.appendChild(figure("occupancy " + c.second, setBoard(BigInt(c.second), "#999", letter())));
      boards.appendChild(figure("its attacks " + c.second_attacks, setBoard(BigInt(c.second_attacks), "#e06666", letter())));
      out.appendChild(boards);
    }
  } catch (e) {
    out.appendChild(el("p", { class: "error", id: "magic-verdict" }, e.message));
  }
}

// A job: started by POST, polled until it is no longer running.
// Its start button is disabled meanwhile, so one section polls one job at a time.
async function runJob(path, query, startButton, cancelButton, onStatus) {
  startButton.disabled = true;
  try {
    const { job } = await api(path, query, "POST");
    cancelButton.disabled = false;
    cancelButton.onclick = () => api(`/api/jobs/${job}/cancel`, {}, "POST");
    for (;;) {
      const s = await api(`/api/jobs/${job}`);
      onStatus(s);
      if (s.state !== "running") break;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    cancelButton.disabled = true;
    startButton.disabled = false;
  }
}

async function startFind() {
  const progress = $("find-progress"), result = $("find-result");
  result.textContent = "";
  progress.className = "";
  try {
    await runJob("/api/find", {
      piece: $("find-piece").value, square: $("find-square").value.trim(), bits: $("find-bits").value.trim(),
      method: $("find-method").value, key: $("find-key").value, seconds: $("find-seconds").value.trim(),
      seed: $("find-seed").value.trim(),
    }, $("find-start"), $("find-cancel"), (s) => {
      const best = s.progress && s.progress.best_measure !== undefined ? `, best ${s.progress.best_measure} collisions` : "";
      progress.textContent = `${s.state}: ${s.candidates || 0} candidates, ${Math.round(s.rate || 0)} a second${best}, ${(s.elapsed || 0).toFixed(1)} s`;
      progress.setAttribute("data-state", s.state);
      if (s.result) result.textContent = `found ${s.result.magic}: verified, ${s.result.slots_used} of ${s.result.size} entries\nCSV: ${s.result.csv}\nC:   ${s.result.c}`;
      if (s.error) result.textContent = s.error;
    });
  } catch (e) {
    progress.className = "error";
    progress.textContent = e.message;
  }
}

function drawPosition(target, pieces) {
  const at = {};
  for (const p of pieces) at[squareIndex(p.square)] = p.piece;
  const glyph = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
  target.replaceChildren(board({ size: 40, cells: () => null, marks: (i) => glyph[at[i]] || "", data: (i) => (at[i] ? { "data-piece": at[i] } : {}) }));
}

function perftQuery() {
  return { fen: $("perft-fen").value.trim(), moves: $("perft-moves").value.trim() };
}

async function showPosition() {
  try {
    const p = await api("/api/position", perftQuery());
    drawPosition($("perft-board"), p.pieces);
    $("perft-progress").className = "";
    $("perft-progress").textContent = `${p.fen}: ${p.turn} to move, ${p.legal_moves} legal moves${p.check ? ", in check" : ""}`;
    return true;
  } catch (e) {
    $("perft-progress").className = "error";
    $("perft-progress").textContent = e.message;
    return false;
  }
}

async function startPerft() {
  if (!(await showPosition())) return;
  const table = $("perft-table");
  try {
    await runJob("/api/perft", { ...perftQuery(), depth: $("perft-depth").value.trim() }, $("perft-start"), $("perft-cancel"), (s) => {
      table.innerHTML = "<tr><th>move</th><th>nodes</th></tr>";
      for (const d of s.divide || []) {
        const tr = el("tr", { "data-move": d.move });
        tr.appendChild(el("td", {}, d.move));
        tr.appendChild(el("td", {}, d.nodes));
        table.appendChild(tr);
      }
      $("perft-progress").setAttribute("data-state", s.state);
      $("perft-progress").textContent = `${s.state}: ${s.moves_done || 0} of ${s.moves ?? "?"} moves, ${s.nodes || 0} nodes, ${(s.elapsed || 0).toFixed(1)} s`;
      $("perft-progress").setAttribute("data-nodes", s.nodes || "0");
    });
  } catch (e) {
    $("perft-progress").className = "error";
    $("perft-progress").textContent = e.message;
  }
}

async function drawResearch() {
  const { squares } = await api("/api/research");
  const colour = { found: "#6aa84f", none: "#999999", open: "#e69138" };
  for (const piece of ["rook", "bishop"]) {
    const mine = {};
    for (const s of squares.filter((s) => s.piece === piece)) mine[squareIndex(s.square)] = s;
    $("research-" + piece).replaceChildren(board({
      size: 30,
      cells: (i) => colour[mine[i].status],
      marks: (i) => String(mine[i].bits),
      data: (i) => ({ "data-status": mine[i].status }),
      onClick: (i) => {
        const s = mine[i];
        $("research-detail").textContent = `${piece} ${s.square}, ${s.bits} bits: ${s.status}${s.magic ? " " + s.magic : ""}; ${s.evidence}`;
      },
    }));
  }
}

async function init() {
  const { schemes, auto } = await api("/api/schemes");
  const offered = schemes.filter((s) => s.available && s.explained);
  for (const s of offered) {
    $("scheme-a").appendChild(el("option", { value: s.name }, s.name));
    $("scheme-b").appendChild(el("option", { value: s.name }, s.name));
  }
  $("scheme-a").value = offered.some((s) => s.name === "fancy") ? "fancy" : offered.some((s) => s.name === auto) ? auto : offered[0].name;
  for (const id of ["piece", "scheme-a", "scheme-b"]) $(id).addEventListener("change", refresh);
  $("apply-occupied").addEventListener("click", () => {
    try {
      const v = $("occupied").value.trim();
      if (!/^0x[0-9a-fA-F]{1,16}$/.test(v)) throw new Error(`occupancy ${JSON.stringify(v)}: 0x and 1 to 16 hex digits`);
      state.occupied = BigInt(v);
      refresh();
    } catch (e) {
      $("lookup-error").textContent = e.message;
    }
  });
  $("clear-blockers").addEventListener("click", () => { state.occupied = 0n; refresh(); });
  $("magic-try").addEventListener("click", tryMagic);
  $("find-start").addEventListener("click", startFind);
  $("perft-show").addEventListener("click", showPosition);
  $("perft-start").addEventListener("click", startPerft);
  await Promise.all([refresh(), drawResearch(), showPosition()]);
  document.body.setAttribute("data-ready", "1");
}

init().catch((e) => { document.body.appendChild(el("p", { class: "error" }, "the page could not start: " + e.message)); });
