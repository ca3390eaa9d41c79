// The replay inspector's page: plain ES module, no framework, no build step. Every number it
// shows comes from the JSON endpoints documented in docs/INSPECTOR.md.

const token = new URLSearchParams(location.search).get("token") ?? "";
const $ = (id) => document.getElementById(id);

/** GET /api/<route> with the token; throws the server's one-line refusal. */
async function api(route, params = {}) {
  const response = await fetch(`/api/${route}?${new URLSearchParams({ ...params, token })}`, {
    cache: "no-store",
  });
  if (!response.ok) throw new Error((await response.text()).trim());
  return response.json();
}

/** A frame as an object URL, decoded before it is shown so the picture never flickers. */
async function frame(tick, replay) {
  const response = await fetch(`/api/frame.png?${new URLSearchParams({ tick, replay, token })}`);
  if (!response.ok) throw new Error((await response.text()).trim());
  const url = URL.createObjectURL(await response.blob());
  const probe = new Image();
  probe.src = url;
  await probe.decode();
  return url;
}

const view = {
  summary: null,
  ticks: 0,
  rate: 64,
  tick: 0,
  followed: null,
  // Fields opened or closed by a click; the rest follow the default (see isOpen).
  open: new Map(),
  metrics: null,
  compared: false,
  // Which replay's state the tree, the changes and the searches show (with --compare).
  side: "a",
  playing: false,
};

// ---- Seeking: the latest request wins, and at most one load runs at a time. ----

let wanted = 0;
let loading = false;
// Counts requests to show something: a new tick, or the same tick another way (the A / B
// switch, a field opened), so a request made while a load runs is never lost.
let requests = 0;

function goTo(tick) {
  requests += 1;
  wanted = Math.max(0, Math.min(view.ticks, Math.round(tick)));
  $("scrubber").value = wanted;
  $("tick").value = wanted;
  if (!loading) load();
}

async function load() {
  loading = true;
  for (;;) {
    const request = requests;
    try {
      await show(wanted);
      hideError();
    } catch (error) {
      showError(error.message);
    }
    if (requests === request) break;
  }
  loading = false;
}

async function show(tick) {
  const inputsFrom = Math.max(0, tick - 24);
  const inputsTo = Math.min(view.ticks, tick + 24);
  const otherTicks = view.compared ? view.summary.replays[1].ticks : -1;
  const side = view.side === "b" && tick <= otherTicks ? "b" : "a";
  const [info, state, diff, inputs, picture, compare, pictureB, inputsB] = await Promise.all([
    api("tick", { tick }),
    api("state", { tick, replay: side }),
    api("diff", { tick, replay: side }),
    api("inputs", { from: inputsFrom, to: inputsTo }),
    frame(tick, "a"),
    view.compared && tick <= Math.min(view.ticks, otherTicks) ? api("compare", { tick }) : null,
    view.compared && tick <= otherTicks ? frame(tick, "b") : null,
    view.compared && inputsFrom <= otherTicks
      ? api("inputs", { from: inputsFrom, to: Math.min(inputsTo, otherTicks), replay: "b" })
      : null,
  ]);
  view.tick = tick;
  renderTick(info);
  renderTree(state, diff, compare);
  renderChanges(diff);
  renderInputs(inputs, tick, inputsB);
  renderMetrics(info);
  swapFrame($("frame"), picture, tick);
  if (view.compared) renderCompare(compare, pictureB, tick);
  document.body.dataset.shownTick = String(tick);
  // The address names the tick (and the followed field), so it can be shared or reloaded.
  const address = new URLSearchParams(location.search);
  address.set("tick", String(tick));
  if (view.followed) address.set("field", view.followed);
  history.replaceState(null, "", `?${address}`);
}

function swapFrame(image, url, tick) {
  if (image.src.startsWith("blob:")) URL.revokeObjectURL(image.src);
  image.src = url ?? "";
  image.dataset.tick = url ? String(tick) : "";
}

// ---- The header and transport. ----

function renderTick(info) {
  $("hash").textContent = info.hash;
  $("summary").textContent = info.summary;
  $("clock").textContent = clock(info.tick);
  const badge = $("verify");
  const verify = info.verify;
  badge.className = `badge ${verify.status}`;
  badge.dataset.status = verify.status;
  if (verify.status === "verified") {
    badge.textContent = `✔ verified: ${verify.checked} of ${verify.of} recorded hashes up to here`;
  } else if (verify.status === "diverged") {
    badge.textContent = `✖ differs from the recording since tick ${verify.firstMismatch}`;
  } else {
    badge.textContent = `○ no recorded hash up to here (${verify.of} in the file)`;
  }
}

function clock(tick) {
  const seconds = tick / view.rate;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds - minutes * 60).toFixed(2).padStart(5, "0")}`;
}

// ---- The state tree. ----

/** Every path that is `paths` or holds one of them: `a.b[2].c` gives a, a.b, a.b[2], a.b[2].c. */
function withAncestors(paths) {
  const out = new Set();
  for (const path of paths) {
    out.add(path);
    for (let i = 0; i < path.length; i++) {
      if (path[i] === "." || path[i] === "[") out.add(path.slice(0, i));
    }
  }
  return out;
}

function renderTree(state, diff, compare) {
  const changed = new Set(diff.changes.map((c) => c.path));
  const changedAround = withAncestors(changed);
  const differs = withAncestors(compare ? compare.differences.map((d) => d.path) : []);
  $("state-note").textContent = state.truncated
    ? "(long collections show their first elements; counts are exact)"
    : "";
  const tree = $("tree");
  const rows = [];
  // By default the sections are open, and so are the elements of a short list (two players).
  const isOpen = (node, depth, parent) =>
    view.open.get(node.path) ??
    (depth === 0 || (depth === 1 && parent?.count !== undefined && parent.count <= 4));
  const visit = (node, depth, parent) => {
    const row = document.createElement("div");
    const hasChildren = Array.isArray(node.children);
    row.className = "row";
    row.dataset.path = node.path;
    row.setAttribute("role", "treeitem");
    if (changed.has(node.path) || changed.has(`${node.path}.count`)) row.classList.add("changed");
    else if (changedAround.has(node.path)) row.classList.add("holds-change");
    if (differs.has(node.path)) row.classList.add("differs");
    if (node.path === view.followed) row.classList.add("followed");
    row.style.setProperty("--depth", depth);
    const toggle = document.createElement("span");
    toggle.className = "toggle";
    const open = hasChildren && isOpen(node, depth, parent);
    row.dataset.open = open ? "true" : "false";
    toggle.textContent = hasChildren ? (open ? "▾" : "▸") : "";
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = node.name;
    const value = document.createElement("span");
    value.className = "value";
    if (hasChildren) {
      value.classList.add("shape");
      value.textContent =
        node.count !== undefined ? `[${node.count}]` : `{${node.children.length} fields}`;
    } else {
      value.textContent = node.value ?? "nil";
      if (node.exact) value.title = node.exact;
      if (node.value === null) value.classList.add("nil");
    }
    row.append(toggle, name, value);
    rows.push(row);
    if (open) for (const child of node.children) visit(child, depth + 1, node);
  };
  for (const child of state.root.children) visit(child, 0, state.root);
  tree.replaceChildren(...rows);
  tree.querySelector(".row.followed")?.scrollIntoView({ block: "nearest" });
}

function follow(path) {
  view.followed = path;
  // Open the fields that hold it, so it can be seen.
  for (const holder of withAncestors([path])) if (holder !== path) view.open.set(holder, true);
  $("followed").textContent = path;
  $("prev-change").disabled = false;
  $("next-change").disabled = false;
  $("change-note").textContent = "";
  for (const row of $("tree").querySelectorAll(".row")) {
    row.classList.toggle("followed", row.dataset.path === path);
  }
}

async function jumpToChange(direction) {
  if (!view.followed) return;
  const note = $("change-note");
  note.textContent = "searching…";
  try {
    const replay = view.side === "b" && view.tick <= view.summary.replays[1].ticks ? "b" : "a";
    const found = await api("change", { field: view.followed, tick: view.tick, direction, replay });
    if (found.found) {
      note.textContent = `${direction === "next" ? "next" : "previous"} change: tick ${found.tick}`;
      goTo(found.tick);
    } else {
      note.textContent =
        direction === "next"
          ? `no change after this tick (searched to ${found.searchedTo})`
          : `no change before this tick (searched back to ${found.searchedTo})`;
    }
  } catch (error) {
    note.textContent = error.message;
  }
}

// ---- Changes on this tick. ----

function renderChanges(diff) {
  $("change-count").textContent = diff.count ? String(diff.count) : "";
  const table = $("changes");
  if (diff.changes.length === 0) {
    table.replaceChildren(emptyRow(diff.tick === 0 ? "the first tick: nothing before it" : "nothing changed"));
    return;
  }
  table.replaceChildren(
    ...diff.changes.map((change) => {
      const row = document.createElement("tr");
      row.dataset.path = change.path;
      row.append(
        cell(change.path, "path"),
        cell(change.before ?? "—", "before"),
        cell("→", "arrow"),
        cell(change.after ?? "—", "after"),
      );
      return row;
    }),
  );
}

function cell(text, className) {
  const td = document.createElement("td");
  td.textContent = text;
  td.className = className;
  return td;
}

function emptyRow(text) {
  const row = document.createElement("tr");
  row.append(cell(text, "empty"));
  return row;
}

// ---- Inputs: which buttons were held on the ticks around the cursor. ----

function renderInputs(inputs, tick, inputsB) {
  const buttons = view.summary.buttons;
  const held = inputs.ticks.find((t) => t.tick === tick)?.buttons ?? [];
  $("held").textContent = held.length ? `held on this tick: ${held.join(", ")}` : "nothing held on this tick";
  const table = document.createElement("table");
  table.className = "roll";
  const head = document.createElement("tr");
  head.append(cell("", "label"));
  for (const t of inputs.ticks) {
    const th = cell(t.tick % 8 === 0 ? String(t.tick) : "", t.tick === tick ? "tick now" : "tick");
    th.dataset.tick = t.tick;
    head.append(th);
  }
  table.append(head);
  for (const button of buttons) {
    const row = document.createElement("tr");
    row.append(cell(button.player > 1 ? `${button.name} (P${button.player})` : button.name, "label"));
    for (const t of inputs.ticks) {
      const on = t.buttons.includes(button.name);
      const td = cell("", `key${on ? " on" : ""}${t.tick === tick ? " now" : ""}`);
      td.dataset.tick = t.tick;
      td.title = `tick ${t.tick}: ${button.name} ${on ? "held" : "up"}`;
      row.append(td);
    }
    table.append(row);
    // Comparing: the other replay's row under any button it pressed differently here.
    const other = new Map((inputsB?.ticks ?? []).map((t) => [t.tick, t.buttons.includes(button.name)]));
    const differs = inputs.ticks.some((t) => other.has(t.tick) && other.get(t.tick) !== t.buttons.includes(button.name));
    if (!differs) continue;
    const rowB = document.createElement("tr");
    rowB.className = "other";
    rowB.append(cell(`${button.name} (B)`, "label"));
    for (const t of inputs.ticks) {
      const on = other.get(t.tick) ?? false;
      const td = cell("", `key${on ? " on" : ""}${t.tick === tick ? " now" : ""}`);
      td.dataset.tick = t.tick;
      td.title = `B, tick ${t.tick}: ${button.name} ${on ? "held" : "up"}`;
      rowB.append(td);
    }
    table.append(rowB);
  }
  $("inputs").replaceChildren(table);
}

// ---- Metrics over the whole replay. ----

const svgNS = "http://www.w3.org/2000/svg";

function polyline(ticks, values, width, height) {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  return ticks
    .map((t, i) => {
      const x = (t / Math.max(1, view.ticks)) * width;
      const y = height - 2 - ((values[i] - low) / span) * (height - 4);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
}

function buildMetrics() {
  const series = view.metrics;
  const box = $("metrics");
  box.replaceChildren();
  if (series.names.length === 0) {
    box.textContent = "this game reports no numeric metrics";
    return;
  }
  series.names.forEach((name, index) => {
    const card = document.createElement("div");
    card.className = "metric";
    card.dataset.metric = name;
    const title = document.createElement("div");
    title.className = "metric-title";
    const label = document.createElement("span");
    label.textContent = name.replaceAll("_", " ");
    const value = document.createElement("span");
    value.className = "metric-value";
    title.append(label, value);
    const svg = document.createElementNS(svgNS, "svg");
    svg.setAttribute("viewBox", "0 0 300 40");
    svg.setAttribute("preserveAspectRatio", "none");
    const line = document.createElementNS(svgNS, "polyline");
    line.setAttribute("points", polyline(series.ticks, series.values[index], 300, 40));
    line.setAttribute("class", `series s${index % 6}`);
    const cursor = document.createElementNS(svgNS, "line");
    cursor.setAttribute("class", "cursor");
    cursor.setAttribute("y1", "0");
    cursor.setAttribute("y2", "40");
    svg.append(line, cursor);
    svg.addEventListener("click", (event) => {
      const box = svg.getBoundingClientRect();
      goTo(((event.clientX - box.left) / box.width) * view.ticks);
    });
    card.append(title, svg);
    box.append(card);
  });
  // The first metric (the score) also shades the timeline.
  const track = $("track-chart");
  track.setAttribute("viewBox", "0 0 1000 40");
  const area = document.createElementNS(svgNS, "polygon");
  area.setAttribute("points", `0,40 ${polyline(series.ticks, series.values[0], 1000, 40)} 1000,40`);
  area.setAttribute("class", "area");
  track.replaceChildren(area);
}

function renderMetrics(info) {
  const x = ((view.tick / Math.max(1, view.ticks)) * 300).toFixed(1);
  for (const card of $("metrics").querySelectorAll(".metric")) {
    const metric = info.metrics.find((m) => m.name === card.dataset.metric);
    card.querySelector(".metric-value").textContent = metric ? String(metric.value) : "–";
    const cursor = card.querySelector(".cursor");
    cursor.setAttribute("x1", x);
    cursor.setAttribute("x2", x);
  }
}

// ---- Compare. ----

function renderCompare(compare, pictureB, tick) {
  const other = view.summary.replays[1];
  $("frame-b-figure").hidden = false;
  swapFrame($("frame-b"), pictureB, tick);
  $("frame-b-caption").textContent = pictureB ? `B: ${other.file}` : `B: ${other.file} ends at tick ${other.ticks}`;
  const table = $("differences");
  if (!compare) {
    table.replaceChildren(emptyRow(`B has no tick ${tick}`));
    return;
  }
  if (compare.differences.length === 0) {
    table.replaceChildren(emptyRow("A and B are the same on this tick"));
    return;
  }
  const head = document.createElement("tr");
  head.append(cell("field", "head"), cell("A", "head"), cell("B", "head"));
  table.replaceChildren(
    head,
    ...compare.differences.map((difference) => {
      const row = document.createElement("tr");
      row.dataset.path = difference.path;
      row.append(cell(difference.path, "path"), cell(difference.a ?? "—", "before"), cell(difference.b ?? "—", "after"));
      return row;
    }),
  );
}

// ---- Timeline marks, errors, playing. ----

function mark(tick, className, title) {
  const element = document.createElement("div");
  element.className = `mark ${className}`;
  element.style.left = `${(tick / Math.max(1, view.ticks)) * 100}%`;
  element.title = title;
  $("track-marks").append(element);
}

function showError(message) {
  const footer = $("error");
  footer.textContent = message;
  footer.hidden = false;
}

function hideError() {
  $("error").hidden = true;
}

function togglePlay() {
  view.playing = !view.playing;
  $("play").textContent = view.playing ? "pause" : "play";
  if (!view.playing) return;
  const startTick = view.tick >= view.ticks ? 0 : view.tick;
  const started = performance.now();
  const step = (now) => {
    if (!view.playing) return;
    const tick = startTick + Math.floor(((now - started) / 1000) * view.rate);
    if (tick >= view.ticks) {
      goTo(view.ticks);
      togglePlay();
      return;
    }
    if (!loading) goTo(tick);
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

// ---- Wiring. ----

function wire() {
  $("scrubber").addEventListener("input", (event) => goTo(Number(event.target.value)));
  $("tick").addEventListener("change", (event) => goTo(Number(event.target.value)));
  $("first").addEventListener("click", () => goTo(0));
  $("last").addEventListener("click", () => goTo(view.ticks));
  $("back").addEventListener("click", () => goTo(wanted - 1));
  $("forward").addEventListener("click", () => goTo(wanted + 1));
  $("play").addEventListener("click", togglePlay);
  $("prev-change").addEventListener("click", () => jumpToChange("previous"));
  $("next-change").addEventListener("click", () => jumpToChange("next"));
  $("goto-divergence").addEventListener("click", () => {
    if (view.summary.firstDivergentTick !== null) goTo(view.summary.firstDivergentTick);
  });
  $("tree").addEventListener("click", (event) => {
    const row = event.target.closest(".row");
    if (!row) return;
    const path = row.dataset.path;
    if (event.target.classList.contains("toggle") && event.target.textContent) {
      view.open.set(path, row.dataset.open !== "true");
      goTo(view.tick);
    }
    follow(path);
  });
  for (const table of [$("changes"), $("differences")]) {
    table.addEventListener("click", (event) => {
      const row = event.target.closest("tr");
      if (row?.dataset.path) follow(row.dataset.path);
    });
  }
  $("inputs").addEventListener("click", (event) => {
    const tick = event.target.dataset?.tick;
    if (tick !== undefined) goTo(Number(tick));
  });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === "number") return;
    const stride = event.shiftKey ? 64 : 1;
    const actions = {
      ArrowLeft: () => goTo(wanted - stride),
      ArrowRight: () => goTo(wanted + stride),
      Home: () => goTo(0),
      End: () => goTo(view.ticks),
      " ": togglePlay,
      "[": () => jumpToChange("previous"),
      "]": () => jumpToChange("next"),
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  });
}

async function start() {
  wire();
  try {
    view.summary = await api("summary");
    view.metrics = await api("metrics");
  } catch (error) {
    showError(error.message);
    return;
  }
  const main = view.summary.replays[0];
  view.ticks = main.ticks;
  view.rate = main.tickRate;
  view.compared = view.summary.replays.length === 2;
  document.title = `${view.summary.title} · ${main.file} · replay inspector`;
  $("replay-name").textContent =
    `${view.summary.title} · ${main.file} · ${main.ticks} ticks at ${main.tickRate} Hz · seed ${main.seed}` +
    (main.complete ? "" : " · cut short");
  $("ticks").textContent = String(main.ticks);
  $("scrubber").max = String(main.ticks);
  $("tick").max = String(main.ticks);
  $("frame-caption").textContent = view.compared ? `A: ${main.file}` : main.file;
  buildMetrics();
  if (main.desync) {
    mark(main.desync.tick, "desync", `differs from the recording at tick ${main.desync.tick}`);
    $("desync-panel").hidden = false;
    $("desync-tick").textContent =
      `first recorded hash that does not match: tick ${main.desync.tick}` +
      (main.desync.sections.length ? ` (${main.desync.sections.join(", ")})` : "");
    $("desync-report").textContent = main.desync.report;
    $("goto-desync").addEventListener("click", () => goTo(main.desync.tick));
  }
  if (view.compared) {
    const other = view.summary.replays[1];
    $("compare-panel").hidden = false;
    $("sides").hidden = false;
    for (const side of ["a", "b"]) {
      $(`side-${side}`).addEventListener("click", () => {
        view.side = side;
        $("side-a").classList.toggle("on", side === "a");
        $("side-b").classList.toggle("on", side === "b");
        goTo(view.tick);
      });
    }
    $("compare-title").textContent = `A: ${main.file} · B: ${other.file}`;
    const first = view.summary.firstDivergentTick;
    $("divergence").textContent =
      first === null
        ? `A and B agree on every tick both have (${Math.min(main.ticks, other.ticks)})`
        : `first divergence: tick ${first}`;
    $("goto-divergence").disabled = first === null;
    if (first !== null) mark(first, "divergence", `A and B first differ at tick ${first}`);
  }
  const address = new URLSearchParams(location.search);
  if (address.get("field")) follow(address.get("field"));
  goTo(Number(address.get("tick") ?? 0) || 0);
}

start();
