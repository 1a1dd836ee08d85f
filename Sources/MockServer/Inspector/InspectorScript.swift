/// The web inspector's script. Every value from the journal reaches the page through `textContent` or a text
/// node (``InspectorScript/source`` never assigns `innerHTML`), so a recorded `<script>` body or header is inert.
/// Calls that change state carry the admin token when the page was opened with `#token=…`; the server also
/// refuses them from another origin (``AdminAccess``).
enum InspectorScript {
    static let source = #"""
        "use strict";
        const state = { entries: new Map(), selected: null, last: 0 };
        const hash = new URLSearchParams(location.hash.slice(1));
        if (hash.get("token")) sessionStorage.setItem("harness-token", hash.get("token"));
        const token = sessionStorage.getItem("harness-token");
        const headers = token ? { Authorization: "Bearer " + token } : {};

        function el(tag, attributes, ...children) {
          const node = document.createElement(tag);
          for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, String(value));
          for (const child of children) {
            if (child === null || child === undefined) continue;
            node.append(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
          }
          return node;
        }
        async function api(path, options = {}) {
          const response = await fetch("/__harness/" + path, { ...options, headers: { ...headers, ...(options.headers || {}) } });
          const text = await response.text();
          let body = null;
          try { body = JSON.parse(text); } catch (error) { body = { message: text }; }
          if (!response.ok) throw new Error((body && body.message) || response.status);
          return body;
        }
        function verdictText(entry) {
          if (entry.outcome === "miss") return "miss";
          if (!entry.contract) return "—";
          return entry.contract.violations.length === 0 ? "ok" : entry.contract.violations.length + " violation(s)";
        }
        function verdictClass(entry) {
          if (entry.outcome === "miss") return "miss";
          if (!entry.contract) return "muted";
          return entry.contract.violations.length === 0 ? "ok" : "bad";
        }
        function filters() {
          return {
            vendor: document.getElementById("f-vendor").value,
            status: document.getElementById("f-status").value.trim(),
            outcome: document.getElementById("f-outcome").value,
            violations: document.getElementById("f-violations").checked,
          };
        }
        function visible(entry, f) {
          if (f.vendor && entry.vendor !== f.vendor) return false;
          if (f.status && String(entry.status) !== f.status) return false;
          if (f.outcome && entry.outcome !== f.outcome) return false;
          if (f.violations && !(entry.contract && entry.contract.violations.length)) return false;
          return true;
        }
        function row(entry) {
          const tr = el("tr", { "data-seq": entry.sequence, "data-verdict": verdictText(entry), "data-outcome": entry.outcome },
            el("td", {}, entry.sequence), el("td", {}, entry.vendor || ""),
            el("td", {}, entry.method + " " + entry.path + (entry.query ? "?" + entry.query : "")),
            el("td", {}, entry.status === null || entry.status === undefined ? "—" : entry.status),
            el("td", {}, entry.outcome), el("td", { class: "verdict " + verdictClass(entry) }, verdictText(entry)));
          tr.addEventListener("click", () => { location.hash = "seq=" + entry.sequence; });
          return tr;
        }
        function renderList() {
          const f = filters();
          const body = document.querySelector("#requests tbody");
          const rows = [...state.entries.values()].filter((entry) => visible(entry, f)).reverse().map(row);
          body.replaceChildren(...rows);
          document.getElementById("empty").hidden = rows.length > 0;
          for (const tr of rows) if (Number(tr.dataset.seq) === state.selected) tr.classList.add("selected");
          const query = new URLSearchParams();
          for (const [name, value] of Object.entries(f)) if (value) query.set(name, value === true ? "1" : value);
          document.getElementById("export").setAttribute("href", "/__harness/journal.har?" + query.toString());
        }
        function indentXML(text) {
          const documentNode = new DOMParser().parseFromString(text, "application/xml");
          if (documentNode.getElementsByTagName("parsererror").length) return null;
          const lines = [];
          const walk = (node, depth) => {
            const pad = "  ".repeat(depth);
            if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.CDATA_SECTION_NODE) {
              if (node.nodeValue.trim()) lines.push(pad + node.nodeValue.trim());
              return;
            }
            if (node.nodeType !== Node.ELEMENT_NODE) return;
            const attributes = [...node.attributes].map((a) => " " + a.name + "=\"" + a.value + "\"").join("");
            const children = [...node.childNodes].filter((c) => c.nodeType !== Node.TEXT_NODE || c.nodeValue.trim());
            if (children.length === 0) { lines.push(pad + "<" + node.nodeName + attributes + "/>"); return; }
            if (children.length === 1 && children[0].nodeType === Node.TEXT_NODE) {
              lines.push(pad + "<" + node.nodeName + attributes + ">" + children[0].nodeValue.trim() + "</" + node.nodeName + ">");
              return;
            }
            lines.push(pad + "<" + node.nodeName + attributes + ">");
            for (const child of children) walk(child, depth + 1);
            lines.push(pad + "</" + node.nodeName + ">");
          };
          walk(documentNode.documentElement, 0);
          return lines.join("\n");
        }
        function prettyBody(message) {
          if (!message || message.body === null || message.body === undefined) return [el("p", { class: "muted" }, "no body")];
          if (message.base64) return [el("pre", { class: "body" }, "(base64) " + message.body)];
          const type = (message.contentType || "").toLowerCase();
          const text = message.body;
          if (type.includes("json")) {
            try { return [el("pre", { class: "body" }, JSON.stringify(JSON.parse(text), null, 2))]; } catch (error) {}
          }
          if (type.includes("xml")) return [el("pre", { class: "body" }, indentXML(text) || text)];
          if (type.includes("x-www-form-urlencoded")) {
            const parts = [];
            for (const [name, value] of new URLSearchParams(text)) {
              const xml = value.trim().startsWith("<") ? indentXML(value) : null;
              parts.push(el("h4", {}, "form field " + name + (xml ? " (XML, decoded)" : "")), el("pre", { class: "body" }, xml || value));
            }
            return parts;
          }
          return [el("pre", { class: "body" }, text)];
        }
        function headerList(message) {
          const list = el("dl", { class: "headers" });
          for (const header of (message && message.headers) || []) list.append(el("dt", {}, header.name), el("dd", {}, header.value));
          return list;
        }
        function renderDetail(entry) {
          const pane = document.getElementById("detail");
          if (!entry) { pane.replaceChildren(el("p", { class: "muted" }, "Select a request to see its headers, bodies and verdict.")); return; }
          const exchange = entry.exchange || {};
          const parts = [el("h2", {}, "#" + entry.sequence + " " + entry.method + " " + (exchange.url || entry.path)),
            el("p", {}, el("span", { class: "pill-light" }, entry.vendor || "no vendor"), " · " + entry.outcome + " · status " +
              (entry.status ?? "—") + (entry.cassette ? " · cassette " + entry.cassette : "") + (entry.fault ? " · fault " + entry.fault : "") +
              (entry.mode ? " · " + entry.mode + " mode" : "") + (exchange.milliseconds !== undefined ? " · " + exchange.milliseconds.toFixed(1) + " ms" : ""))];
          const verdict = el("section", { id: "verdict", class: verdictClass(entry) });
          verdict.append(el("h3", {}, "Contract: " + verdictText(entry)));
          if (entry.contract && entry.contract.violations.length) {
            const list = el("ul", { class: "violations" });
            for (const v of entry.contract.violations) {
              list.append(el("li", {}, el("span", { class: "violation-kind" }, v.kind), " " + v.location + ": expected " + v.expected +
                ", found " + v.actual, v.schema ? el("div", { class: "muted" }, v.schema) : null));
            }
            verdict.append(list);
          }
          parts.push(verdict);
          if (entry.nearest) {
            const near = el("section", { id: "nearest" }, el("h3", {}, "Nearest recorded request"),
              el("p", {}, (entry.nearest.cassette || "no cassette") + (entry.nearest.entry !== undefined && entry.nearest.entry !== null ? " entry " + entry.nearest.entry : "") +
                (entry.nearest.request ? ": " + entry.nearest.request : "")));
            const table = el("table", { class: "differences" }, el("tr", {}, el("th", {}, "field"), el("th", {}, "recorded"), el("th", {}, "sent")));
            for (const d of entry.nearest.differences) table.append(el("tr", {}, el("td", {}, d.field), el("td", {}, d.expected), el("td", {}, d.actual)));
            near.append(table, el("pre", {}, entry.nearest.message));
            parts.push(near);
          }
          parts.push(el("h3", {}, "Request headers"), headerList(exchange.request), el("h3", {}, "Request body"), ...prettyBody(exchange.request));
          parts.push(el("h3", {}, "Response headers"), headerList(exchange.response), el("h3", {}, "Response body"), ...prettyBody(exchange.response));
          pane.replaceChildren(...parts);
          pane.dataset.seq = entry.sequence;
        }
        async function showSelected() {
          const selected = Number(new URLSearchParams(location.hash.slice(1)).get("seq")) || null;
          state.selected = selected;
          renderList();
          if (!selected) return renderDetail(null);
          let entry = state.entries.get(selected);
          if (!entry) { try { entry = await api("journal/" + selected); } catch (error) { entry = null; } }
          renderDetail(entry);
        }
        function add(entry) {
          state.entries.set(entry.sequence, entry);
          state.last = Math.max(state.last, entry.sequence);
        }
        async function follow() {
          try {
            const response = await fetch("/__harness/journal/stream?since=" + state.last, { headers });
            const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
            let buffer = "";
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              buffer += value;
              let end;
              while ((end = buffer.indexOf("\n\n")) >= 0) {
                const event = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                const data = event.split("\n").filter((line) => line.startsWith("data: ")).map((line) => line.slice(6)).join("\n");
                if (data) { add(JSON.parse(data)); renderList(); }
              }
            }
          } catch (error) { document.getElementById("status").textContent = "live stream stopped: " + error.message; }
          setTimeout(follow, 2000);
        }
        // The simulators' read-only admin views (GET /__harness/vendors/{vendor}/{view}).
        const stateViews = {
          adapty: ["apps", "events"], engage: ["settings", "tokens", "lists", "events"], referralhero: ["campaigns"],
          webengage: ["users", "events"], walkme: ["apps"],
        };
        async function showState(vendor, view) {
          const pane = document.getElementById("state");
          try {
            const value = await api("vendors/" + encodeURIComponent(vendor) + "/" + view);
            pane.textContent = vendor + "/" + view + "\n" + JSON.stringify(value, null, 2);
          } catch (error) { pane.textContent = vendor + "/" + view + ": " + error.message; }
        }
        async function renderAdmin() {
          const [mode, vendors, rules] = await Promise.all([api("mode"), api("vendors"), api("faults")]);
          document.getElementById("mode").textContent = mode.mode + " mode";
          const select = document.getElementById("f-vendor");
          const ruleVendor = document.getElementById("r-vendor");
          const chosen = select.value;
          select.replaceChildren(el("option", { value: "" }, "any"), ...vendors.vendors.map((v) => el("option", { value: v.name }, v.name)));
          select.value = chosen;
          ruleVendor.replaceChildren(...vendors.vendors.map((v) => el("option", { value: v.name }, v.name)));
          document.getElementById("vendor-list").replaceChildren(...vendors.vendors.map((v) => {
            const reset = el("button", { type: "button" }, "reset");
            reset.addEventListener("click", async () => { await api("reset/" + encodeURIComponent(v.name), { method: "POST" }); });
            const views = (v.simulator ? stateViews[v.name] || [] : []).map((view) => {
              const button = el("button", { type: "button", class: "view" }, view);
              button.addEventListener("click", () => showState(v.name, view));
              return button;
            });
            return el("li", { "data-vendor": v.name }, v.name + (v.simulator ? " · simulator" : "") + " · " + v.cassettes + " cassette(s) ", reset, ...views);
          }));
          document.getElementById("fault-list").replaceChildren(...rules.rules.map((rule) => {
            const remove = el("button", { type: "button" }, "remove");
            remove.addEventListener("click", async () => { await api("faults/" + rule.id, { method: "DELETE" }); renderAdmin(); });
            return el("li", {}, (rule.method || "any") + " " + rule.path + " → " + rule.fault + (rule.times ? " ×" + rule.times : "") + " ", remove);
          }));
        }
        async function start() {
          for (const id of ["f-vendor", "f-status", "f-outcome", "f-violations"]) document.getElementById(id).addEventListener("input", renderList);
          document.getElementById("clear").addEventListener("click", async () => {
            await api("journal", { method: "DELETE" }); state.entries.clear(); state.last = 0; showSelected();
          });
          document.getElementById("fault-form").addEventListener("submit", async (event) => {
            event.preventDefault();
            const vendor = document.getElementById("r-vendor").value;
            const path = document.getElementById("r-path").value;
            const chance = document.getElementById("r-chance").value.trim();
            let fault = document.getElementById("r-fault").value;
            if (chance && chance !== "1") fault += ",chance=" + chance;
            try {
              await api("faults", { method: "POST", headers: { "Content-Type": "application/json" },
                body: JSON.stringify({ path: "/" + vendor + (path.startsWith("/") ? path : "/" + path), fault }) });
            } catch (error) { document.getElementById("status").textContent = error.message; }
            renderAdmin();
          });
          window.addEventListener("hashchange", showSelected);
          try {
            const journal = await api("journal");
            journal.entries.forEach(add);
            document.getElementById("status").textContent = journal.dropped ? journal.dropped + " older entries dropped" : "";
            await showSelected();
            await renderAdmin();
          } catch (error) { document.getElementById("status").textContent = "admin API: " + error.message; }
          document.body.dataset.ready = "true";
          if (!hash.has("nolive")) follow();
        }
        start();

        """#
}
