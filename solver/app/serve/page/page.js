// The page of dmsolve serve (docs/serve.md): the problem's form beside the board, the solution
// tree whose lines step on the board, verify's verdicts as they come, and the opening book of an
// explore store. Every check of the input is the server's: a failure names the field it concerns.
"use strict";
const byId = id => document.getElementById(id);
const board = new Board(byId("board"), byId("palette"), boardEdited);
let variants = [];
let source = null;

// The problem's FEN and the board are two views of one position: each follows the other.
function fenFields() { return byId("fen").value.trim().split(/\s+/).filter(Boolean); }
function boardEdited() {
  const fields = fenFields();
  fields[0] = board.placement();
  if (fields.length < 2) fields.push(byId("side").value);
  while (fields.length < 4) fields.push("-");
  byId("fen").value = fields.join(" ");
}
function fenEdited() {
  const fields = fenFields();
  if (fields[0]) board.setPlacement(fields[0]);
  if (["w", "w1", "b", "b1"].includes(fields[1])) byId("side").value = fields[1];
}
byId("fen").addEventListener("input", fenEdited);
byId("side").addEventListener("change", () => {
  const fields = fenFields();
  if (!fields.length) fields.push(board.placement());
  fields[1] = byId("side").value;
  while (fields.length < 4) fields.push("-");
  byId("fen").value = fields.join(" ");
});
function currentVariant() { return variants.find(v => v.name === byId("variant").value) || variants[0]; }
// The variant's rule options as choices beside the variant; the rule options field holds those
// that differ from the variant's own (and whatever else was typed there, for the server to judge).
function ruleWords() { return byId("rules").value.trim().split(/\s+/).filter(Boolean); }
function drawRuleChoices() {
  const place = byId("rule-choices");
  place.innerHTML = "";
  const typed = new Map(ruleWords().map(word => word.split("=")));
  for (const option of currentVariant().options) {
    const label = document.createElement("label");
    label.textContent = option.key + " ";
    const select = document.createElement("select");
    select.id = "rule-" + option.key;
    select.dataset.key = option.key;
    select.dataset.default = option.value;
    for (const value of option.values) select.append(new Option(value + (value === option.value ? " (default)" : ""), value));
    select.value = option.values.includes(typed.get(option.key)) ? typed.get(option.key) : option.value;
    select.addEventListener("change", ruleChosen);
    label.append(select);
    place.append(label, " ");
  }
}
function ruleChosen() {
  const selects = [...byId("rule-choices").querySelectorAll("select")];
  const keys = new Set(selects.map(s => s.dataset.key));
  const words = ruleWords().filter(word => !keys.has(word.split("=")[0]));
  for (const s of selects) if (s.value !== s.dataset.default) words.push(`${s.dataset.key}=${s.value}`);
  byId("rules").value = words.join(" ");
}
byId("rules").addEventListener("change", drawRuleChoices);
// A new variant sets its board; a position that does not fit it gives way to the initial array.
function variantChosen() {
  const v = currentVariant();
  // The options of the variant left behind go; words no variant knows stay, for the server.
  const known = new Set(variants.flatMap(variant => variant.options.map(option => option.key)));
  const own = new Set(v.options.map(option => option.key));
  byId("rules").value = ruleWords().filter(word => own.has(word.split("=")[0]) || !known.has(word.split("=")[0])).join(" ");
  drawRuleChoices();
  board.setVariant(v.files, v.ranks, v.pieces);
  const fields = fenFields();
  if (!fields[0] || board.setPlacement(fields[0])) {
    byId("fen").value = v.start;
    fenEdited();
  }
}
byId("variant").addEventListener("change", variantChosen);
byId("initial").addEventListener("click", () => {
  byId("fen").value = currentVariant().start;
  fenEdited();
});
byId("clear").addEventListener("click", () => {
  board.clear();
  const fields = fenFields();
  byId("fen").value = [board.placement(), fields[1] || byId("side").value, "-", "-"].join(" ");
});

fetch("/api/variants").then(r => r.json()).then(list => {
  variants = list;
  for (const v of list) {
    const option = document.createElement("option");
    option.value = v.name;
    option.textContent = v.name + (v.files === 8 && v.ranks === 8 ? "" : ` (${v.files}x${v.ranks})`);
    byId("variant").append(option);
  }
  byId("variant").value = "marseillais";
  // A link may carry the problem (?variant=...&fen=...&stip=...), and &solve=1 solves it at once.
  const given = new URLSearchParams(location.search);
  for (const name of ["variant", "rules", "fen", "stip"]) if (given.has(name)) byId(name).value = given.get(name);
  for (const name of ["tries", "setplay"]) if (given.get(name) === "1") byId(name).checked = true;
  const v = currentVariant();
  drawRuleChoices();
  board.setVariant(v.files, v.ranks, v.pieces);
  fenEdited();
  if (given.get("solve") === "1") byId("problem").requestSubmit();
});

// Stepping through a line on the board: steps are [SAN, FEN] pairs, the first the position
// before the line's first move; one step a move, so a double-move turn steps move by move.
let steps = null;
let stepAt = 0;
function showSteps(list, at = list.length - 1) {
  steps = list;
  stepAt = at;
  byId("stepper").hidden = false;
  drawStep();
}
function drawStep() {
  const read = stepAt > 0 ? board.read(steps[stepAt - 1][1].split(" ")[0]) : null;
  const before = read instanceof Map ? read : new Map();
  board.setPlacement(steps[stepAt][1].split(" ")[0]);
  // The squares the move changed: where it went from and to (and a capture e.p., a castling rook).
  const changed = stepAt === 0 ? [] : [...new Set([...before.keys(), ...board.squares.keys()])]
    .filter(square => before.get(square) !== board.squares.get(square));
  board.setEditable(false, changed);
  const moves = byId("step-moves");
  moves.innerHTML = "";
  steps.forEach(([san], i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = i === 0 ? "start" : san;
    if (i === stepAt) button.className = "current";
    button.addEventListener("click", () => { stepAt = i; drawStep(); });
    moves.append(button);
  });
}
byId("step-first").addEventListener("click", () => { stepAt = 0; drawStep(); });
byId("step-back").addEventListener("click", () => { if (stepAt > 0) --stepAt; drawStep(); });
byId("step-next").addEventListener("click", () => { if (stepAt + 1 < steps.length) ++stepAt; drawStep(); });
byId("step-last").addEventListener("click", () => { stepAt = steps.length - 1; drawStep(); });
byId("step-edit").addEventListener("click", () => {
  byId("stepper").hidden = true;
  board.setEditable(true);
  fenEdited();
});
// A row's line from the diagram: its own steps after those of the rows above it whose play it
// continues (a defence after its key; not a threat, played as if the other side passed).
function lineOf(row) {
  let steps = JSON.parse(row.dataset.steps);
  for (let details = row.closest("details"); details; details = details.parentElement.closest("details")) {
    const above = details.querySelector(":scope > summary[data-steps]");
    if (!above || above === row) continue;
    const before = JSON.parse(above.dataset.steps);
    if (before[before.length - 1][1] !== steps[0][1]) break;
    steps = before.concat(steps.slice(1));
  }
  return steps;
}
// Each line of a tree with its steps gets a button that shows it on the board.
function addLineButtons(container) {
  for (const row of container.querySelectorAll("[data-steps]")) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "show-line";
    button.textContent = "\u25A6";
    button.title = "show on the board";
    button.addEventListener("click", event => {
      event.preventDefault();  // a summary's button does not fold its details
      showSteps(lineOf(row));
    });
    row.append(button);
  }
}

function finished() {
  if (source) source.close();
  source = null;
  byId("stop").disabled = true;
  byId("solve").disabled = false;
}
byId("problem").addEventListener("submit", event => {
  event.preventDefault();
  if (source) source.close();
  byId("failure").textContent = "";
  byId("failure").dataset.field = "";
  for (const name of ["variant", "rules", "fen", "stip"]) byId(name).removeAttribute("aria-invalid");
  byId("result").innerHTML = "";
  byId("tree-hint").hidden = true;
  byId("progress").textContent = "solving ...";
  const query = new URLSearchParams({
    variant: byId("variant").value, rules: byId("rules").value, fen: byId("fen").value,
    stip: byId("stip").value, tries: byId("tries").checked ? "1" : "0", setplay: byId("setplay").checked ? "1" : "0"});
  source = new EventSource("/api/solve?" + query);
  // The address takes the problem, so that it can be kept or passed on (solve=1 solves it).
  history.replaceState(null, "", "?" + query + "&solve=1");
  byId("stop").disabled = false;
  byId("solve").disabled = true;
  source.addEventListener("progress", e => {
    const p = JSON.parse(e.data);
    byId("progress").textContent = `${p.nodes.toLocaleString("en")} nodes, ${p.seconds.toFixed(1)} s, ` +
      `${Math.round(p.nodes_per_second).toLocaleString("en")} nodes/s`;
  });
  source.addEventListener("result", e => {
    const r = JSON.parse(e.data);
    byId("progress").textContent = `status ${r.status}, ${r.nodes.toLocaleString("en")} nodes, ${r.seconds.toFixed(2)} s`;
    byId("result").innerHTML = r.html;
    addLineButtons(byId("result"));
    byId("tree-hint").hidden = !byId("result").querySelector("[data-steps]");
    finished();
  });
  source.addEventListener("failure", e => {
    const f = JSON.parse(e.data);
    byId("failure").textContent = f.error;
    byId("failure").dataset.field = f.field;
    const field = byId(f.field === "variant" && /rule/.test(f.error) ? "rules" : f.field);
    if (field) field.setAttribute("aria-invalid", "true");
    byId("progress").textContent = "";
    finished();
  });
  source.onerror = () => { if (source) { byId("progress").textContent += " (the connection ended)"; finished(); } };
});
byId("stop").addEventListener("click", () => fetch("/api/stop", {method: "POST"}));

// Server-sent events of a POST, read from the fetch's stream: handle(name, data) for each.
async function streamEvents(response, handle) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const {value, done} = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, {stream: true});
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) name = line.slice(7);
        else if (line.startsWith("data: ")) data.push(line.slice(6));
      }
      handle(name, JSON.parse(data.join("\n")));
    }
  }
}
let uploadName = "pasted.epd";
byId("upload").addEventListener("change", async () => {
  const file = byId("upload").files[0];
  if (!file) return;
  uploadName = file.name;
  byId("text").value = await file.text();
});
byId("text").addEventListener("input", () => { uploadName = "pasted.epd"; });
byId("collection").addEventListener("submit", async event => {
  event.preventDefault();
  byId("verify-failure").textContent = "";
  byId("verdicts").innerHTML = "";
  byId("verify").disabled = true;
  byId("verify-stop").disabled = false;
  let total = 0;
  const response = await fetch("/api/verify?" + new URLSearchParams({name: uploadName}),
                               {method: "POST", body: byId("text").value});
  await streamEvents(response, (name, data) => {
    if (name === "started") {
      total = data.problems;
      byId("verify-progress").textContent = `0 of ${total} problems judged`;
    } else if (name === "bad-entry") {
      const item = document.createElement("li");
      item.className = "failure";
      item.textContent = data.error;
      byId("verdicts").append(item);
    } else if (name === "problem") {
      const item = document.createElement("li");
      item.dataset.standing = data.standing;
      item.innerHTML = "<details><summary></summary></details>";
      item.querySelector("summary").textContent = `${data.id} (${data.stipulation}): ${data.summary}`;
      item.querySelector("details").insertAdjacentHTML("beforeend", data.html);
      addLineButtons(item);
      byId("verdicts").append(item);
      byId("verify-progress").textContent = `${data.index + 1} of ${total} problems judged`;
    } else if (name === "done") {
      const counts = Object.entries(data).filter(([k]) => !["problems", "stopped"].includes(k))
                       .map(([k, v]) => `${v} ${k}`).join(", ");
      byId("verify-progress").textContent = `${data.problems} of ${total} problems judged` +
        (counts ? `: ${counts}` : "") + (data.stopped ? " (stopped)" : "");
    } else if (name === "failure") {
      byId("verify-failure").textContent = data.error;
    }
  });
  byId("verify").disabled = false;
  byId("verify-stop").disabled = true;
});
byId("verify-stop").addEventListener("click", () => fetch("/api/stop", {method: "POST"}));

// The opening book (--store): one explored position at a time, each of its moves with its
// verdict; a move whose position was explored too is stepped into, and the path back is kept.
let book = null;
let bookPath = [];  // [position index, the SAN of the move that led there]
function cell(row, content, className) {
  const td = document.createElement("td");
  if (typeof content === "string") td.textContent = content;
  else if (content) td.append(content);
  if (className) td.className = className;
  row.append(td);
  return td;
}
function button(text, title, action) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.title = title;
  b.addEventListener("click", action);
  return b;
}
function proofQuery(position, m) { return new URLSearchParams({position: position.fen, move: m.uci}); }
async function checkProof(position, m, place) {
  place.textContent = "checking ...";
  const response = await fetch("/api/proof/check?" + proofQuery(position, m), {method: "POST"});
  const r = await response.json();
  place.textContent = r.accepted ? `accepted: ${r.nodes.toLocaleString("en")} nodes, ${r.winner} wins`
                                 : `not accepted: ${r.error}`;
}
function drawBook() {
  byId("book").innerHTML = "";
  byId("book-path").innerHTML = "";
  if (!book.positions.length) {
    byId("book-note").textContent = `${book.store}: ${book.variant} (${book.rules}), nothing explored yet`;
    return;
  }
  byId("book-note").textContent = `${book.store}: ${book.variant} (${book.rules}), ` +
    `${book.positions.length} explored position${book.positions.length === 1 ? "" : "s"}`;
  bookPath.forEach(([index, san], depth) => {
    const step = button(depth === 0 ? "start" : san, book.positions[index].fen, () => {
      bookPath = bookPath.slice(0, depth + 1);
      drawBook();
    });
    byId("book-path").append(step);
  });
  const position = book.positions[bookPath[bookPath.length - 1][0]];
  const heading = document.createElement("h3");
  heading.textContent = position.fen;
  heading.id = "book-position";
  const table = document.createElement("table");
  table.className = "moves";
  table.innerHTML = "<tr><th>turn</th><th>status</th><th>refutation</th><th>main line</th>" +
                    "<th>proof nodes</th><th>jobs</th><th>seconds</th><th></th></tr>";
  for (const m of position.moves) {
    const row = document.createElement("tr");
    row.dataset.status = m.status;
    row.dataset.uci = m.uci;
    cell(row, m.san);
    cell(row, m.status);
    cell(row, m.refutation);
    cell(row, m.line, "line");
    cell(row, m.proof_nodes.toLocaleString("en"), "number");
    cell(row, m.jobs.toLocaleString("en"), "number");
    cell(row, m.seconds.toFixed(1), "number");
    const actions = cell(row, "", "actions");
    if (m.steps.length > 1) actions.append(button("\u25A6", "show the main line on the board", () => showSteps(m.steps, 1)));
    if (m.explored >= 0) {
      actions.append(button("open", "the book's verdicts after this move", () => {
        bookPath.push([m.explored, m.san]);
        drawBook();
      }));
    }
    if (m.after) {
      actions.append(button("win?", "solve: does the side to move after it win?", () => {
        byId("variant").value = book.variant;
        byId("rules").value = book.rules;
        variantChosen();
        byId("fen").value = m.after;
        fenEdited();
        byId("stip").value = "win";
        byId("problem").requestSubmit();
        window.scrollTo(0, 0);
      }));
    }
    if (m.proof) {
      actions.append(button("proof", "show the proof, turn by turn", () => {
        byId("proof-view").innerHTML = "";
        const frame = document.createElement("iframe");
        frame.id = "proof-frame";
        frame.title = "proof of " + m.san;
        frame.style.width = "100%";
        frame.style.height = "40em";
        frame.src = "/api/proof/view?" + proofQuery(position, m);
        byId("proof-view").append(frame);
      }));
      const download = document.createElement("a");
      download.href = "/api/proof?" + proofQuery(position, m);
      download.download = m.uci.replaceAll(",", "+") + ".proof.zst";
      download.textContent = "download";
      actions.append(" ", download, " ");
      const verdict = document.createElement("span");
      verdict.className = "proof-check";
      actions.append(button("check", "check the proof on the server, with the rules alone", () =>
        checkProof(position, m, verdict)), " ", verdict);
    }
    table.append(row);
  }
  byId("book").append(heading, table);
}
async function loadBook() {
  const response = await fetch("/api/book");
  const answer = await response.json();
  byId("book").innerHTML = "";
  if (!response.ok) {
    byId("book-note").textContent = answer.error;
    for (const id of ["explore", "explore-what", "explore-seconds", "book-refresh"]) byId(id).disabled = true;
    return;
  }
  book = answer;
  if (!bookPath.length || bookPath[bookPath.length - 1][0] >= book.positions.length) bookPath = [[0, ""]];
  drawBook();
}
byId("book-refresh").addEventListener("click", loadBook);
loadBook();

// An explore of a position on the server's store, for a number of seconds; the book follows it.
byId("explore").addEventListener("click", async () => {
  byId("explore-failure").textContent = "";
  const fromBook = byId("explore-what").value === "book" && book && book.positions.length;
  const fen = fromBook ? book.positions[bookPath[bookPath.length - 1][0]].fen : byId("fen").value;
  byId("explore").disabled = true;
  byId("explore-stop").disabled = false;
  byId("explore-progress").textContent = "exploring ...";
  const response = await fetch("/api/explore?" + new URLSearchParams({fen, seconds: byId("explore-seconds").value}),
                               {method: "POST"});
  await streamEvents(response, (name, data) => {
    if (name === "progress") {
      byId("explore-progress").textContent = `${data.seconds.toFixed(0)} s: ${data.decided} of ${data.moves} moves decided`;
    } else if (name === "done") {
      byId("explore-progress").textContent = data.message;
      loadBook();
    } else if (name === "failure") {
      byId("explore-failure").textContent = data.error;
      byId("explore-progress").textContent = "";
    }
  });
  byId("explore").disabled = false;
  byId("explore-stop").disabled = true;
});
byId("explore-stop").addEventListener("click", () => fetch("/api/explore/stop", {method: "POST"}));
