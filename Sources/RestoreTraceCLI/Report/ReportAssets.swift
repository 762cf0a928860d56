// The report page's stylesheet and script, inlined into every report: the page fetches
// nothing, so it opens from a file:// URL and works offline. The script reads only the page's
// own JSON indexes (never evaluates them), and writes no markup: it sets classes, styles and
// text.

enum ReportAssets {
    static let css = #"""
        :root { color-scheme: light dark; --bg: #ffffff; --fg: #1a1a1a; --muted: #5c5c5c; --line: #d0d0d0;
          --panel: #f6f6f6; --accent: #0072b2; --alarm: #d55e00; --fine: #009e73; --hit: #cc00cc; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #1e1e1e; --fg: #ececec; --muted: #a8a8a8; --line: #444444; --panel: #282828;
            --accent: #56b4e9; --alarm: #ff8a3d; --fine: #3fcf9f; --hit: #ff66ff; }
        }
        * { box-sizing: border-box; }
        html { background: var(--bg); color: var(--fg); }
        body { margin: 0; font: 14px/1.45 "DejaVu Sans", system-ui, sans-serif; background: var(--bg); color: var(--fg); }
        .bar { position: sticky; top: 0; z-index: 10; display: flex; flex-wrap: wrap; align-items: center; gap: 0.5em 1.5em;
          padding: 0.5em 1em; background: var(--panel); border-bottom: 1px solid var(--line); }
        .bar h1 { font-size: 1.1em; margin: 0; }
        .search input { font: inherit; width: 22em; max-width: 60vw; padding: 0.2em 0.4em; margin-left: 0.4em;
          background: var(--bg); color: var(--fg); border: 1px solid var(--line); border-radius: 3px; }
        #search-status { color: var(--muted); }
        nav.toc { padding: 0 1em; }
        nav.toc ul { margin: 0.5em 0; padding-left: 1.2em; }
        main { padding: 0 1em 2em; }
        a { color: var(--accent); }
        section.trace { border-top: 2px solid var(--line); margin-top: 1em; }
        h2 { font-size: 1.3em; margin: 0.8em 0 0.3em; overflow-wrap: anywhere; }
        h3 { font-size: 1.1em; margin: 1.2em 0 0.4em; }
        h4 { font-size: 1em; margin: 0.9em 0 0.3em; }
        .scenario { font-weight: normal; color: var(--muted); font-size: 0.8em; }
        .counts, .facts, .hint, .lines, .source, .more { color: var(--muted); }
        .alarm { color: var(--alarm); }
        .fine { color: var(--fine); }
        .outcome-discarded, .outcome-crashedDuringRestoration { color: var(--alarm); }
        ol.verdicts { padding-left: 1.6em; }
        li.verdict { margin: 0 0 0.8em; overflow-wrap: anywhere; }
        li.verdict .name { font-weight: bold; }
        .because { margin: 0.2em 0; padding-left: 1.2em; }
        button { font: inherit; font-size: 0.85em; color: var(--fg); background: var(--panel); border: 1px solid var(--line);
          border-radius: 3px; padding: 0 0.45em; cursor: pointer; }
        button:hover { border-color: var(--accent); }
        figure.view { margin: 0.6em 0 1.2em; border: 1px solid var(--line); border-radius: 4px; }
        figure.view figcaption { display: flex; gap: 0.8em; align-items: center; padding: 0.25em 0.6em;
          background: var(--panel); border-bottom: 1px solid var(--line); }
        .view-name { font-weight: bold; }
        .view-nodes, .view-hits { color: var(--muted); }
        .tools { margin-left: auto; display: flex; gap: 0.3em; }
        .viewport { position: relative; height: 70vh; min-height: 280px; overflow: hidden; cursor: grab; touch-action: none;
          background: #ffffff; }
        @media (prefers-color-scheme: dark) { .viewport { background: #1e1e1e; } }
        .viewport.dragging { cursor: grabbing; }
        .viewport:focus { outline: 2px solid var(--accent); outline-offset: -2px; }
        .viewport svg { position: absolute; left: 0; top: 0; transform-origin: 0 0; user-select: none; }
        .viewport svg.searching g.node:not(.hit) { opacity: 0.3; }
        .viewport svg g.node.hit polygon, .viewport svg g.node.hit ellipse, .viewport svg g.node.hit path {
          stroke: var(--hit); stroke-width: 5px; }
        table.data { border-collapse: collapse; margin: 0.3em 0 0.8em; }
        table.data th, table.data td { border: 1px solid var(--line); padding: 0.15em 0.5em; text-align: left;
          vertical-align: top; overflow-wrap: anywhere; }
        table.data thead th { background: var(--panel); }
        table.counts th { background: var(--panel); white-space: nowrap; }
        td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
        code { font-family: "DejaVu Sans Mono", monospace; }
        """#

    static let script = #"""
        "use strict";
        (function () {
          // Pan and zoom: each viewport shows its SVG through a CSS transform.
          const views = [];
          for (const viewport of document.querySelectorAll(".viewport")) {
            const svg = viewport.querySelector("svg");
            if (!svg) continue;
            const state = { viewport: viewport, svg: svg, x: 0, y: 0, k: 1, width: 1, height: 1, nodes: new Map() };
            const box = svg.viewBox && svg.viewBox.baseVal;
            const widthAttribute = svg.width.baseVal, heightAttribute = svg.height.baseVal;
            widthAttribute.convertToSpecifiedUnits(SVGLength.SVG_LENGTHTYPE_PX);
            heightAttribute.convertToSpecifiedUnits(SVGLength.SVG_LENGTHTYPE_PX);
            state.width = widthAttribute.valueInSpecifiedUnits || (box ? box.width : 1);
            state.height = heightAttribute.valueInSpecifiedUnits || (box ? box.height : 1);
            svg.style.width = state.width + "px";
            svg.style.height = state.height + "px";
            for (const node of svg.querySelectorAll("g.node")) {
              const title = node.querySelector(":scope > title");
              if (title) state.nodes.set(title.textContent, node);
            }
            const section = viewport.closest("section.trace");
            const figure = viewport.closest("figure.view");
            state.trace = section ? section.dataset.trace : "";
            state.view = figure ? figure.dataset.view : "";
            state.figure = figure;
            views.push(state);
            fit(state);
            viewport.addEventListener("wheel", function (event) {
              event.preventDefault();
              const rect = viewport.getBoundingClientRect();
              zoom(state, Math.exp(-event.deltaY * 0.0015), event.clientX - rect.left, event.clientY - rect.top);
            }, { passive: false });
            let drag = null;
            viewport.addEventListener("pointerdown", function (event) {
              if (event.button !== 0) return;
              drag = { x: event.clientX - state.x, y: event.clientY - state.y };
              viewport.setPointerCapture(event.pointerId);
              viewport.classList.add("dragging");
            });
            viewport.addEventListener("pointermove", function (event) {
              if (!drag) return;
              state.x = event.clientX - drag.x;
              state.y = event.clientY - drag.y;
              apply(state);
            });
            const stop = function () { drag = null; viewport.classList.remove("dragging"); };
            viewport.addEventListener("pointerup", stop);
            viewport.addEventListener("pointercancel", stop);
            viewport.addEventListener("keydown", function (event) {
              const step = 60;
              if (event.key === "+" || event.key === "=") zoomCentre(state, 1.25);
              else if (event.key === "-") zoomCentre(state, 0.8);
              else if (event.key === "0") fit(state);
              else if (event.key === "ArrowLeft") { state.x += step; apply(state); }
              else if (event.key === "ArrowRight") { state.x -= step; apply(state); }
              else if (event.key === "ArrowUp") { state.y += step; apply(state); }
              else if (event.key === "ArrowDown") { state.y -= step; apply(state); }
              else return;
              event.preventDefault();
            });
            if (figure) {
              for (const button of figure.querySelectorAll("button[data-zoom]")) {
                button.addEventListener("click", function () {
                  const what = button.dataset.zoom;
                  if (what === "in") zoomCentre(state, 1.25);
                  else if (what === "out") zoomCentre(state, 0.8);
                  else if (what === "fit") fit(state);
                  else { state.k = 1; state.x = 0; state.y = 0; apply(state); }
                });
              }
            }
          }

          function apply(state) {
            state.svg.style.transform = "translate(" + state.x + "px," + state.y + "px) scale(" + state.k + ")";
          }
          function fit(state) {
            const width = state.viewport.clientWidth || 800, height = state.viewport.clientHeight || 500;
            state.k = Math.min(1, width / state.width, height / state.height);
            state.x = (width - state.width * state.k) / 2;
            state.y = Math.max(0, (height - state.height * state.k) / 2);
            apply(state);
          }
          function zoom(state, factor, px, py) {
            const k = Math.min(8, Math.max(0.02, state.k * factor));
            state.x = px - (px - state.x) * (k / state.k);
            state.y = py - (py - state.y) * (k / state.k);
            state.k = k;
            apply(state);
          }
          function zoomCentre(state, factor) {
            zoom(state, factor, state.viewport.clientWidth / 2, state.viewport.clientHeight / 2);
          }
          function centreOn(state, node) {
            const outer = state.viewport.getBoundingClientRect(), inner = node.getBoundingClientRect();
            state.x += outer.width / 2 - (inner.left - outer.left + inner.width / 2);
            state.y += outer.height / 2 - (inner.top - outer.top + inner.height / 2);
            apply(state);
          }

          // Search: each trace's index says which object every node stands for.
          const indexes = new Map();
          for (const script of document.querySelectorAll("script.report-index")) {
            const index = JSON.parse(script.textContent);
            for (const object of index.objects) {
              object.keys = [object.path, object.identifier, object["class"]]
                .filter(function (key) { return typeof key === "string"; })
                .map(function (key) { return key.toLowerCase(); });
            }
            indexes.set(script.dataset.trace, index);
          }
          const input = document.getElementById("search");
          const status = document.getElementById("search-status");

          function search(text) {
            const query = text.trim().toLowerCase();
            let objects = 0, nodes = 0, viewsHit = 0;
            for (const state of views) {
              for (const node of state.svg.querySelectorAll("g.node.hit")) node.classList.remove("hit");
              state.svg.classList.toggle("searching", query !== "");
              state.hits = [];
            }
            if (query !== "") {
              for (const [trace, index] of indexes) {
                // An exact path, identifier or class names only its objects; anything else matches as a part.
                let chosen = index.objects.map(function (object) { return object.keys.indexOf(query) >= 0; });
                if (chosen.indexOf(true) < 0) {
                  chosen = index.objects.map(function (object) {
                    return object.keys.some(function (key) { return key.indexOf(query) >= 0; });
                  });
                }
                objects += chosen.filter(Boolean).length;
                for (const state of views) {
                  if (state.trace !== trace) continue;
                  const names = index.views[state.view] || {};
                  for (const name of Object.keys(names)) {
                    const node = state.nodes.get(name);
                    if (node && chosen[names[name]]) { node.classList.add("hit"); state.hits.push(node); }
                  }
                  if (state.hits.length > 0) { viewsHit += 1; nodes += state.hits.length; centreOn(state, state.hits[0]); }
                }
              }
            }
            for (const state of views) {
              if (!state.figure) continue;
              let label = state.figure.querySelector(".view-hits");
              if (!label) {
                label = document.createElement("span");
                label.className = "view-hits";
                state.figure.querySelector("figcaption").insertBefore(label, state.figure.querySelector(".tools"));
              }
              label.textContent = query === "" ? "" : state.hits.length + " marked";
            }
            status.textContent = query === "" ? "" :
              objects + (objects === 1 ? " object matches" : " objects match") + "; " + nodes +
              (nodes === 1 ? " node" : " nodes") + " marked in " + viewsHit + (viewsHit === 1 ? " view" : " views") +
              (objects > 0 && nodes === 0 ? " (collapsed in the drawings)" : "");
          }
          let pending = null;
          input.addEventListener("input", function () {
            clearTimeout(pending);
            pending = setTimeout(function () { search(input.value); }, 120);
          });
          input.addEventListener("keydown", function (event) {
            if (event.key === "Enter") { clearTimeout(pending); search(input.value); }
          });
          for (const button of document.querySelectorAll("button.find")) {
            button.addEventListener("click", function () {
              input.value = button.dataset.query;
              search(input.value);
              const figure = button.closest("section.trace").querySelector("figure.view");
              if (figure) figure.scrollIntoView({ block: "start" });
            });
          }
          window.addEventListener("resize", function () { for (const state of views) fit(state); });
          document.documentElement.dataset.ready = "true";
        })();
        """#
}
