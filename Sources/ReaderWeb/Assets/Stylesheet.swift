/// The site's one stylesheet, served from `/assets/site.css`: a reading column, the system's
/// fonts, RFC figures in a fixed-width face that scrolls rather than wraps, and dark colours
/// when the system asks for them (`prefers-color-scheme`).
enum Stylesheet {
    static let text = #"""
        :root {
          --text: #1d1f21; --muted: #5f6368; --back: #fdfdfc; --panel: #f2f1ee; --line: #dcdad5;
          --link: #0b57d0; --visited: #6a3ab2; --mark: #fff3a3; --banner: #fde8e4; --banner-line: #e3a597;
          color-scheme: light dark;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --text: #e3e3e0; --muted: #a3a7ad; --back: #17181a; --panel: #222427; --line: #3a3d42;
            --link: #8ab4f8; --visited: #c5a3f5; --mark: #5c4d00; --banner: #3d2420; --banner-line: #8c4a3e;
          }
        }
        * { box-sizing: border-box; }
        html { background: var(--back); color: var(--text); }
        body {
          margin: 0; font: 17px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif;
          text-rendering: optimizeLegibility;
        }
        a { color: var(--link); text-decoration-thickness: 1px; text-underline-offset: 2px; }
        a:visited { color: var(--visited); }
        .bar {
          position: sticky; top: 0; z-index: 2; display: flex; gap: 1rem; align-items: center; flex-wrap: wrap;
          padding: .5rem 1.25rem; background: var(--panel); border-bottom: 1px solid var(--line);
        }
        .bar .home { font-weight: 700; text-decoration: none; color: var(--text); letter-spacing: .02em; }
        .bar nav a { color: var(--text); }
        .bar .search { flex: 1; max-width: 32rem; }
        .bar input { font: inherit; font-size: 15px; padding: .3rem .6rem; width: 100%; color: var(--text);
          background: var(--back); border: 1px solid var(--line); border-radius: 6px; }
        .goto input { width: 6rem; }
        main { max-width: 46rem; margin: 0 auto; padding: 1.5rem 1.25rem 4rem; }
        h1 { font-size: 1.9rem; line-height: 1.25; margin: .5rem 0; }
        h2 { font-size: 1.35rem; margin-top: 2.2rem; }
        h3 { font-size: 1.12rem; margin-top: 1.8rem; }
        h4, h5, h6 { font-size: 1rem; margin-top: 1.5rem; }
        h2 .number, h3 .number, h4 .number, h5 .number, h6 .number { color: var(--muted); text-decoration: none; margin-right: .2rem; }
        [id] { scroll-margin-top: 4rem; }
        .at { outline: 2px solid var(--link); outline-offset: 4px; border-radius: 2px; }
        .meta { color: var(--muted); font-size: .92rem; }
        pre {
          font: 13.5px/1.45 ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace;
          overflow-x: auto; padding: .75rem 1rem; background: var(--panel); border-radius: 6px; border: 1px solid var(--line);
        }
        code, kbd { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: .9em; }
        kbd { border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; padding: 0 .3rem; }
        blockquote { margin: 1rem 0; padding-left: 1rem; border-left: 3px solid var(--line); color: var(--muted); }
        mark { background: var(--mark); color: inherit; padding: 0 .1rem; border-radius: 2px; }
        .banner { background: var(--banner); border: 1px solid var(--banner-line); border-radius: 6px; padding: .25rem 1rem; margin-bottom: 1rem; }
        .banner p { margin: .4rem 0; font-weight: 600; }
        a.compare { font-weight: normal; font-size: .9em; }
        p.pointing-here { margin: -.3rem 0 .6rem; font-size: .9em; color: var(--muted); }
        .diff del { background: rgba(220, 40, 40, .18); }
        .diff ins { background: rgba(40, 160, 60, .2); text-decoration: none; }
        .diff .part h2 { font-size: 1.05rem; }
        .contents { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .5rem 1rem; margin: 1.5rem 0; }
        .contents summary { cursor: pointer; font-weight: 600; }
        .contents ul { list-style: none; padding: 0; margin: .5rem 0; columns: 1; font-size: .94rem; }
        .contents li { margin: .15rem 0; }
        .contents .depth-1 { padding-left: 1.2rem; } .contents .depth-2 { padding-left: 2.4rem; }
        .contents .depth-3, .contents .depth-4 { padding-left: 3.6rem; }
        .contents a { text-decoration: none; }
        .contents .number { color: var(--muted); }
        .contents a.current { color: var(--text); font-weight: 600; box-shadow: inset 3px 0 0 var(--link); padding-left: .4rem; }
        a.xref, a.cite { text-decoration-style: dotted; }
        .absence { font-weight: 600; }
        button.fetch {
          font: inherit; color: var(--link); background: none; border: none; padding: 0; cursor: pointer;
          text-decoration: underline dotted; text-underline-offset: 2px;
        }
        button.fetch::after { content: " ↓"; font-size: .8em; }
        button.fetch.primary { border: 1px solid var(--link); border-radius: 6px; padding: .35rem .9rem; text-decoration: none; }
        .absent { border-bottom: 1px dotted var(--muted); }
        .table { overflow-x: auto; }
        table { border-collapse: collapse; font-size: .92rem; }
        th, td { text-align: left; vertical-align: top; padding: .3rem .6rem; border-bottom: 1px solid var(--line); }
        table.index td:first-child, table.index td:nth-child(4) { font-variant-numeric: tabular-nums; white-space: nowrap; }
        tr.not-issued { color: var(--muted); }
        .filters { display: flex; gap: .8rem; align-items: center; flex-wrap: wrap; }
        .filters select, .filters input, .filters button { font: inherit; font-size: .92rem; }
        .pager { margin: 1rem 0; text-align: center; }
        .counts { display: flex; gap: 1.5rem; list-style: none; padding: 0; flex-wrap: wrap; }
        .documents li, .entries li { margin: .35rem 0; }
        .documents .meta { white-space: nowrap; }
        .hit { margin: 1.4rem 0; }
        .hit h3 { margin: 0; font-size: 1.02rem; }
        .hit .section { color: var(--muted); font-weight: normal; }
        .hit .snippet { margin: .25rem 0; }
        .hit .command { color: var(--muted); font-size: .82rem; }
        .post { border: 1px solid var(--line); border-radius: 8px; padding: .6rem 1rem; margin: 1rem 0; }
        .post header { color: var(--muted); font-size: .92rem; }
        .post .name { color: var(--text); font-weight: 600; }
        .post .text { white-space: pre-wrap; margin: .4rem 0; }
        .post .media { list-style: none; padding: 0; display: flex; gap: .8rem; font-size: .9rem; }
        .post blockquote { border: none; padding: 0; color: inherit; }
        .reposted { color: var(--muted); font-size: .88rem; margin: 0; }
        .picture.missing { color: var(--muted); font-style: italic; }
        figure.picture { margin: 1.2em 0; }
        figure.picture img { max-width: 100%; height: auto; display: block; }
        figure.picture figcaption { color: var(--muted); font-size: 0.9em; margin-top: 0.3em; }
        .error { color: var(--text); font-weight: 600; }
        footer { max-width: 46rem; margin: 0 auto; padding: 1rem 1.25rem 2rem; color: var(--muted); font-size: .85rem; border-top: 1px solid var(--line); }
        @media (min-width: 72rem) {
          main:has(.has-contents) { max-width: 68rem; }
          .has-contents { display: grid; grid-template-columns: 17rem minmax(0, 46rem); column-gap: 2.5rem; }
          .has-contents > * { grid-column: 2; }
          .has-contents > .contents {
            grid-column: 1; grid-row: 1 / span 20; align-self: start; position: sticky; top: 4rem;
            max-height: calc(100vh - 5rem); overflow-y: auto; margin: 0;
          }
        }
        .user-note { border-left: 3px solid #c90; margin: .5rem 0 1rem; padding: .25rem .75rem; background: #fff8e6; }
        .user-note p { margin: .25rem 0 0; white-space: pre-wrap; }
        .note-mark { font-weight: bold; color: #960; }
        .add-note { margin-top: 2rem; } .add-note label { display: block; margin: .5rem 0; }
        .keep { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .5rem 0; font-size: .9rem; }
        form.inline { display: inline; margin: 0; } .keep .tag { margin-right: .15rem; }
        """#
}
