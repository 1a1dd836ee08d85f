/// The web inspector's page and style sheet, shipped in the binary: no CDN, no build step, no network needed.
/// The page holds no data: its script (``InspectorScript``) fetches the journal and renders every recorded value
/// as text (`textContent`), never as markup; the content security policy allows no inline script.
enum InspectorPage {
    /// The content security policy of the inspector's responses: scripts, styles and fetches from this origin only.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:;"
        + " base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>harness inspector</title>
        <link rel="icon" href="data:,">
        <link rel="stylesheet" href="/__harness/ui/app.css">
        <script src="/__harness/ui/app.js" defer></script>
        </head>
        <body>
        <header>
          <h1>harness inspector</h1>
          <span id="mode" class="pill">mode …</span>
          <span id="status" class="muted"></span>
          <a id="export" href="/__harness/journal.har">export HAR</a>
        </header>
        <nav id="filters">
          <label>vendor <select id="f-vendor"><option value="">any</option></select></label>
          <label>status <input id="f-status" size="4" inputmode="numeric"></label>
          <label>outcome <select id="f-outcome"><option value="">any</option><option>simulated</option>
            <option>hit</option><option>miss</option><option>recorded</option><option>proxy-failed</option>
            <option>rejected</option><option>fault</option><option>unknown-vendor</option></select></label>
          <label><input type="checkbox" id="f-violations"> violations only</label>
          <button id="clear" type="button">clear journal</button>
        </nav>
        <main>
          <section id="list-pane"><table id="requests"><thead><tr><th>#</th><th>vendor</th><th>request</th>
            <th>status</th><th>outcome</th><th>contract</th></tr></thead><tbody></tbody></table>
            <p id="empty" class="muted">No request yet: point your app at this server.</p></section>
          <section id="detail"><p class="muted">Select a request to see its headers, bodies and verdict.</p></section>
        </main>
        <section id="admin">
          <div id="vendors"><h2>Vendors</h2><ul id="vendor-list"></ul><pre id="state"></pre></div>
          <div id="faults"><h2>Fault rules</h2><ul id="fault-list"></ul>
            <form id="fault-form"><select id="r-vendor"></select>
              <input id="r-path" value="/*" size="14" aria-label="path">
              <input id="r-fault" value="status=503" size="16" aria-label="fault">
              <input id="r-chance" value="1" size="4" aria-label="chance">
              <button type="submit">add rule</button></form></div>
        </section>
        </body>
        </html>

        """

    static let css = """
        :root { font: 14px/1.4 system-ui, sans-serif; color: #1d2330; background: #f6f7fa; }
        body { margin: 0; }
        header { display: flex; gap: 1em; align-items: center; padding: .5em 1em; background: #1d2330; color: #fff; }
        header h1 { font-size: 1.1em; margin: 0; }
        header a { color: #9cf; margin-left: auto; }
        .pill { padding: .1em .6em; border-radius: 1em; background: #3a4560; }
        .muted { color: #778; }
        nav { display: flex; gap: 1em; padding: .5em 1em; background: #e8ebf2; flex-wrap: wrap; }
        main { display: grid; grid-template-columns: minmax(22em, 1fr) 1.4fr; gap: 1em; padding: 1em; }
        table { border-collapse: collapse; width: 100%; background: #fff; }
        th, td { text-align: left; padding: .25em .5em; border-bottom: 1px solid #e3e6ee; font-size: .92em; }
        tbody tr { cursor: pointer; }
        tbody tr:hover, tbody tr.selected { background: #e6f0ff; }
        .ok { color: #17803d; font-weight: 600; }
        .bad { color: #c0262d; font-weight: 600; }
        .miss { color: #a15c00; font-weight: 600; }
        #detail { background: #fff; padding: .5em 1em; border: 1px solid #e3e6ee; min-height: 20em; overflow: auto; }
        #detail h2 { font-size: 1.05em; word-break: break-all; }
        #detail h3 { font-size: .95em; margin: 1em 0 .3em; }
        pre { background: #f2f4f8; padding: .5em; overflow: auto; white-space: pre-wrap; word-break: break-all; }
        dl.headers { display: grid; grid-template-columns: max-content 1fr; gap: 0 1em; margin: 0; }
        dl.headers dt { font-weight: 600; } dl.headers dd { margin: 0; word-break: break-all; }
        ul.violations li { margin-bottom: .4em; }
        ul.violations .muted { word-break: break-all; font-size: .85em; }
        .violation-kind { font-family: monospace; background: #fde8e8; padding: 0 .3em; }
        #admin { display: grid; grid-template-columns: 1fr 1fr; gap: 1em; padding: 0 1em 1em; }
        #admin > div { background: #fff; border: 1px solid #e3e6ee; padding: .5em 1em; }
        #admin h2 { font-size: 1em; }
        #state:empty { display: none; }
        button.view { margin-left: .3em; }

        """
}
