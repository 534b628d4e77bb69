#include "solver/app/serve/serve_page.h"

#include "solver/report/html_format.h"

namespace dm::app::serve {

namespace {

// The form and its script: an EventSource on /api/solve, one search at a time.
constexpr const char* kBody = R"PAGE(<style>.failure{color:#a00}[aria-invalid=true]{outline:2px solid #a00}</style>
<h1>dmsolve</h1>
<form id="problem" class="serve">
<p><label>Variant <select id="variant" name="variant"></select></label>
<label>Rule options <input id="rules" name="rules" size="30" placeholder="no-second-move=pass"></label></p>
<p><label>FEN <input id="fen" name="fen" size="64" value="6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1"></label></p>
<p><label>Stipulation <input id="stip" name="stip" size="10" value="=1"></label>
<label><input type="checkbox" id="tries"> tries</label>
<label><input type="checkbox" id="setplay"> set play</label>
<button id="solve" type="submit">Solve</button>
<button id="stop" type="button" disabled>Stop</button></p>
</form>
<p id="failure" class="failure" role="alert"></p>
<p id="progress" class="progress"></p>
<div id="result"></div>
<h2>Verify a file</h2>
<form id="collection" class="serve">
<p><input type="file" id="upload" accept=".epd,.inp,.pop,.txt"> or paste EPD lines or Popeye input:</p>
<p><textarea id="text" rows="6" cols="90" spellcheck="false"></textarea></p>
<p><button id="verify" type="submit">Verify</button>
<button id="verify-stop" type="button" disabled>Stop</button></p>
</form>
<p id="verify-failure" class="failure" role="alert"></p>
<p id="verify-progress" class="progress"></p>
<ol id="verdicts"></ol>
<h2>Opening book</h2>
<p id="book-note"></p>
<div id="book"></div>
<p><button id="book-refresh" type="button">Refresh</button></p>
<script>
"use strict";
const byId = id => document.getElementById(id);
let source = null;
fetch("/api/variants").then(r => r.json()).then(list => {
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
  if (given.get("solve") === "1") byId("problem").requestSubmit();
});
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
  byId("progress").textContent = "solving ...";
  const query = new URLSearchParams({
    variant: byId("variant").value, rules: byId("rules").value, fen: byId("fen").value,
    stip: byId("stip").value, tries: byId("tries").checked ? "1" : "0", setplay: byId("setplay").checked ? "1" : "0"});
  source = new EventSource("/api/solve?" + query);
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

// The opening book (--store): a table per explored position; "win?" steps into a move, asking
// whether the side to move after it wins.
function cell(row, text, className) {
  const td = document.createElement("td");
  td.textContent = text;
  if (className) td.className = className;
  row.append(td);
  return td;
}
async function loadBook() {
  const response = await fetch("/api/book");
  const book = await response.json();
  byId("book").innerHTML = "";
  if (!response.ok) {
    byId("book-note").textContent = book.error;
    return;
  }
  byId("book-note").textContent = `${book.store}: ${book.variant} (${book.rules}), ${book.positions.length} explored positions`;
  for (const position of book.positions) {
    const heading = document.createElement("h3");
    heading.textContent = position.fen;
    const table = document.createElement("table");
    table.className = "moves";
    table.innerHTML = "<tr><th>turn</th><th>status</th><th>refutation</th><th>main line</th>" +
                      "<th>proof nodes</th><th>jobs</th><th>seconds</th><th></th></tr>";
    for (const m of position.moves) {
      const row = document.createElement("tr");
      row.dataset.status = m.status;
      cell(row, m.san);
      cell(row, m.status);
      cell(row, m.refutation);
      cell(row, m.line, "line");
      cell(row, m.proof_nodes.toLocaleString("en"), "number");
      cell(row, m.jobs.toLocaleString("en"), "number");
      cell(row, m.seconds.toFixed(1), "number");
      const step = document.createElement("button");
      step.type = "button";
      step.textContent = "win?";
      step.disabled = !m.after;
      step.addEventListener("click", () => {
        byId("variant").value = book.variant;
        byId("rules").value = book.rules;
        byId("fen").value = m.after;
        byId("stip").value = "win";
        byId("problem").requestSubmit();
        window.scrollTo(0, 0);
      });
      cell(row, "").append(step);
      table.append(row);
    }
    byId("book").append(heading, table);
  }
}
byId("book-refresh").addEventListener("click", loadBook);
loadBook();
</script>
)PAGE";

}  // namespace

std::string serve_page() { return report::html_page_head("dmsolve") + kBody + report::html_page_tail(); }

}  // namespace dm::app::serve
