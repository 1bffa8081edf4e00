package dev.loomcrawl.report;

/** The HTML report's style sheet, inlined in the page: system fonts only, nothing fetched. */
final class ReportStyle {
    private ReportStyle() {}

    static final String CSS = """
            :root { --ink: #1f2933; --muted: #6b7785; --line: #e3e8ee; --bg: #f4f6f9; --card: #fff;
                    --accent: #2f62c8; --good: #2f8a52; --bad: #c43c3c; --warn: #b86a0c; }
            * { box-sizing: border-box; }
            body { margin: 0; background: var(--bg); color: var(--ink);
                   font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
            header { background: linear-gradient(120deg, #1d2b4f, #2c4a86); color: #fff; padding: 26px 40px 22px; }
            header h1 { margin: 0; font-size: 24px; font-weight: 650; letter-spacing: .01em; }
            header p { margin: 6px 0 0; color: #cfd9ee; word-break: break-all; }
            header p.warning { color: #ffd28a; font-weight: 600; }
            main { max-width: 1240px; margin: 0 auto; padding: 24px 40px 32px; }
            .cards { display: grid; grid-template-columns: repeat(6, minmax(0, 1fr)); gap: 14px; }
            .card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px;
                    box-shadow: 0 1px 2px rgba(16, 24, 40, .04); }
            .card .value { font-size: 24px; font-weight: 650; font-variant-numeric: tabular-nums; white-space: nowrap; }
            .card .label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .05em; }
            .card.bad .value { color: var(--bad); }
            .card.good .value { color: var(--good); }
            .charts { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 16px; margin: 16px 0; }
            .panel { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 16px 20px;
                     box-shadow: 0 1px 2px rgba(16, 24, 40, .04); }
            main > .panel { margin-top: 16px; }
            .panel.wide { grid-column: 1 / -1; }
            h2 { font-size: 15px; font-weight: 650; margin: 0 0 10px; }
            svg { display: block; max-width: 100%; height: auto; }
            svg text { font-size: 12px; fill: var(--ink); }
            svg text.value { fill: var(--muted); font-variant-numeric: tabular-nums; }
            svg text.total { font-size: 22px; font-weight: 650; }
            svg .axis { stroke: #c9d1db; stroke-width: 1; }
            table { border-collapse: collapse; width: 100%; font-size: 13px; }
            th { text-align: left; color: var(--muted); font-weight: 600; font-size: 12px; text-transform: uppercase;
                 letter-spacing: .04em; border-bottom: 2px solid var(--line); padding: 6px 10px; }
            td { padding: 7px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
            tbody tr:nth-child(even) { background: #fafbfd; }
            .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
            td.bad { color: var(--bad); font-weight: 600; }
            td.warn { color: var(--warn); font-weight: 600; }
            td.url { word-break: break-all; }
            table.broken td:first-child { width: 42%; }
            ul { margin: 0; padding-left: 18px; }
            table.broken ul { font-size: 12px; line-height: 1.5; }
            a { color: var(--accent); text-decoration: none; }
            a:hover { text-decoration: underline; }
            .badge { display: inline-block; padding: 1px 9px; border-radius: 10px; font-size: 12px; font-weight: 650; }
            .s4 { background: #fdecd6; color: #8a4b08; }
            .s5 { background: #fbdada; color: #8b1c1c; }
            .sf { background: #ebe2f6; color: #5b2a86; }
            .muted, .note { color: var(--muted); }
            .note { margin: 0 0 10px; font-size: 13px; }
            .none { color: var(--good); font-weight: 600; margin: 0; }
            footer { text-align: center; color: var(--muted); font-size: 12px; padding: 0 0 28px; }
            @media (max-width: 900px) { .cards { grid-template-columns: repeat(3, 1fr); }
                                        .charts { grid-template-columns: 1fr; } main { padding: 16px; } }
            """;
}
