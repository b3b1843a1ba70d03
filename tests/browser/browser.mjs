// The built site in a real browser: Debian's Chromium (/usr/bin/chromium)
// driven by playwright-core, axe-core for accessibility, the Nu checker
// (vnu-jar) for HTML and SVG, and a broken-link pass (links.py).
//
//   node tests/browser/browser.mjs          (after build/gen build; SITE=dir)
//
// Every page kind in both languages at 390 px and 1280 px: no console errors,
// no failed requests, no horizontal page scroll, a language switcher leading
// to the same page in the other language, visible charts, no serious or
// critical axe violations. Sorting with JS, complete tables without JS.
// Layout, by measurement (layoutChecks): every table, or the box it scrolls
// in, inside the content column (and at 1280 px the table itself); a table
// that scrolls keeps its first column in view; on compare pages both GPUs'
// values of every row inside the viewport, side by side; no chart label
// under 11 CSS px; one title; contents numbered by section; the menu
// marking the page's section; the sort script wherever a table is
// sortable; values with units on one line; "no data" as a mark with one
// legend per table. The 404 page styled, its links working from any
// folder, with and without JavaScript.
// Screenshots go to tests/browser/out/. Ends with "browser: N passed, N
// failed"; every failure is also written to tests/browser/out/report.md.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFind } from './find.mjs'; // issue 18: search, picker, filters, calculator
import { checkPrint } from './print.mjs'; // issue 29: print, the report's PDF
import { checkBuyer } from './buyer.mjs'; // issue 26: the buyer's words, thin data, search, navigation, phone

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const SITE = path.resolve(process.env.SITE || path.join(ROOT, 'site'));
const OUT = path.join(HERE, 'out');
const BASE_URL = 'https://gpuguide.example'; // gen build's default --base-url
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const WIDTHS = [390, 1280];
const LANGS = ['en', 'zh'];
const VNU = path.join(HERE, 'node_modules/vnu-jar/build/dist/vnu.jar');
const AXE = path.join(HERE, 'node_modules/axe-core/axe.min.js');
// For a quick look while editing: KINDS=home,gpu limits the page kinds (and
// skips the Nu checker, links and sorting); KINDS=print runs only the print checks.
// The site also answers under this folder, as a host serving it from a
// folder would (the 404 page must work there too).
const MIRROR = '/mirror/deep';
// The menu item each page kind marks (a path under /<lang>/).
const SECTION = {
  home: '', 'gpu-index': 'gpus/', gpu: 'gpus/', 'compare-index': 'compare/',
  compare: 'compare/', 'task-index': 'tasks/', task: 'tasks/',
  'use-cases': 'use-cases/', techniques: 'techniques/', vram: 'vram/',
  inference: 'inference/', 'data-index': 'data/', 'data-table': 'data/',
  sources: 'data/', health: 'data/', methodology: 'data/',
  'articles-index': 'articles/', article: 'articles/', tag: 'articles/',
  calculator: 'calculator/', report: 'report/',
};
const MIN_LABEL_PX = 11;
const ONLY = process.env.KINDS ? new Set(process.env.KINDS.split(',')) : null;

let passed = 0;
let failed = 0;
const report = [];
function check(name, ok, detail) {
  if (ok) {
    passed++;
    return true;
  }
  failed++;
  const text = detail ? `${name}\n    ${String(detail).replace(/\n/g, '\n    ')}` : name;
  console.log(`FAIL ${text}`);
  report.push(`- ${text}`);
  return false;
}

// ---- a tiny static server for site/, as a plain static host would serve it
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8', '.svg': 'image/svg+xml',
  '.xml': 'application/xml', '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8', '.png': 'image/png',
  '.json': 'application/json',
};
function serveSite(req, res) {
  let p;
  try {
    p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  } catch {
    res.writeHead(400).end();
    return;
  }
  if (p.split('/').includes('..')) {
    res.writeHead(400).end();
    return;
  }
  const asked = p;
  if (p.startsWith(`${MIRROR}/`)) p = p.slice(MIRROR.length);
  let file = path.join(SITE, p);
  let st = fs.statSync(file, { throwIfNoEntry: false });
  if (st && st.isDirectory()) {
    if (!p.endsWith('/')) {
      res.writeHead(301, { Location: `${asked}/` }).end();
      return;
    }
    file = path.join(file, 'index.html');
    st = fs.statSync(file, { throwIfNoEntry: false });
  }
  if (!st || !st.isFile()) {
    const nf = path.join(SITE, '404.html');
    res.writeHead(404, { 'Content-Type': TYPES['.html'] });
    res.end(fs.existsSync(nf) ? fs.readFileSync(nf) : 'not found');
    return;
  }
  res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' });
  res.end(fs.readFileSync(file));
}

// ---- the page kinds, found in the built site
function firstDir(rel) {
  const dir = path.join(SITE, rel);
  if (!fs.existsSync(dir)) return null;
  const names = fs.readdirSync(dir).filter((n) =>
    fs.existsSync(path.join(dir, n, 'index.html'))).sort();
  return names.length ? `${rel}/${names[0]}/` : null;
}
function allDirs(rel) {
  const dir = path.join(SITE, rel);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((n) =>
    fs.existsSync(path.join(dir, n, 'index.html'))).sort().map((n) => `${rel}/${n}/`);
}
function pageKinds(lang) {
  const kinds = [
    ['home', `${lang}/`], ['gpu-index', `${lang}/gpus/`],
    ['gpu', firstDir(`${lang}/gpus`)], ['compare-index', `${lang}/compare/`],
    ['compare', firstDir(`${lang}/compare`)], ['task-index', `${lang}/tasks/`],
    ['task', firstDir(`${lang}/tasks`)], ['use-cases', `${lang}/use-cases/`],
    ['techniques', `${lang}/techniques/`], ['vram', `${lang}/vram/`],
    ['inference', `${lang}/inference/`], ['data-index', `${lang}/data/`],
    ['data-table', `${lang}/data/gpus/`], ['sources', `${lang}/sources/`],
    ['health', `${lang}/health/`], ['methodology', `${lang}/methodology/`],
    ['articles-index', `${lang}/articles/`], ['article', firstDir(`${lang}/articles`)],
    ['tag', firstDir(`${lang}/tags`)],
    ['search', `${lang}/search/`], ['calculator', `${lang}/calculator/`],
    ['report', `${lang}/report/`],
  ];
  const items = kinds.map(([kind, rel]) => ({ kind, lang, rel }));
  // every compare page, measured only (the first gets every check)
  const first = firstDir(`${lang}/compare`);
  for (const rel of allDirs(`${lang}/compare`)) {
    if (rel !== first) items.push({ kind: 'compare', lang, rel, light: true });
  }
  return items;
}
const SCREENSHOT_KINDS = new Set(['home', 'gpu', 'compare', 'task']);

function walk(dir, ext, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, ext, out);
    else if (e.name.endsWith(ext)) out.push(p);
  }
  return out.sort();
}

function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', (e) => resolve({ code: -1, stdout, stderr: String(e) }));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// ---- the Nu checker: every HTML file, and the standalone SVGs as SVG
async function nuCheck() {
  const html = walk(SITE, '.html');
  const svgs = walk(path.join(SITE, 'charts'), '.svg');
  const runs = [['html', html, ['--skip-non-html']]];
  if (svgs.length) runs.push(['svg', svgs, ['--svg']]);
  for (const [what, files, opts] of runs) {
    const r = await run('java', ['-jar', VNU, '--errors-only', '--format', 'json',
      '--stdout', ...opts, ...files]);
    let messages;
    try {
      messages = JSON.parse(r.stdout).messages;
    } catch {
      check(`vnu (${what}) ran`, false, r.stderr || r.stdout.slice(0, 500));
      continue;
    }
    const byFile = new Map();
    for (const m of messages) {
      if (m.type !== 'error' && m.type !== 'non-document-error') continue;
      const f = m.url ? fileURLToPath(m.url) : '(none)';
      if (!byFile.has(f)) byFile.set(f, []);
      byFile.get(f).push(`site/${path.relative(SITE, f)}:${m.lastLine ?? 0}:${m.firstColumn ?? m.lastColumn ?? 0}: ${m.message}`);
    }
    for (const f of files) {
      const errs = byFile.get(f) || [];
      check(`vnu ${what}: site/${path.relative(SITE, f)} has no errors`, errs.length === 0, errs.join('\n'));
      byFile.delete(f);
    }
    for (const [f, errs] of byFile) check(`vnu ${what}: ${f}`, false, errs.join('\n'));
  }
}

// ---- broken links
async function linkCheck() {
  const r = await run('python3', [path.join(HERE, 'links.py'), SITE]);
  let res;
  try {
    res = JSON.parse(r.stdout);
  } catch {
    check('links.py ran', false, r.stderr);
    return;
  }
  const byFile = new Map();
  for (const p of res.problems) {
    if (!byFile.has(p.file)) byFile.set(p.file, []);
    byFile.get(p.file).push(`site/${p.file}:${p.line}: ${p.ref}: ${p.why}`);
  }
  for (const f of res.files) {
    const probs = byFile.get(f) || [];
    check(`links: site/${f} has no broken links`, probs.length === 0, probs.join('\n'));
  }
}

// ---- layout, by measurement, in the page
function measureLayout(minLabelPx) {
  const out = {};
  const vw = window.innerWidth;
  const main = document.querySelector('main');
  const ms = getComputedStyle(main);
  const mr = main.getBoundingClientRect();
  const colLeft = mr.left + parseFloat(ms.paddingLeft);
  const colRight = mr.right - parseFloat(ms.paddingRight);
  out.column = [Math.round(colLeft), Math.round(colRight)];
  const shown = (el) => el.getClientRects().length > 0 &&
    getComputedStyle(el).visibility !== 'hidden';
  const name = (el) => {
    const t = el.closest('table');
    const h = t && (t.caption || t.closest('section, figure, div')?.previousElementSibling);
    return `${el.tagName.toLowerCase()}${t?.className ? `.${t.className.split(' ').join('.')}` : ''}` +
      `${h ? ` after "${(h.textContent || '').trim().slice(0, 40)}"` : ''}`;
  };

  // tables: inside the column; the box that scrolls keeps column 1 in view
  out.tables = [];
  for (const t of document.querySelectorAll('main table')) {
    if (!shown(t)) continue;
    const wrap = t.closest('.table-wrap');
    const box = (wrap || t).getBoundingClientRect();
    const tr = t.getBoundingClientRect();
    const scrolls = wrap ? wrap.scrollWidth > wrap.clientWidth + 1 : false;
    const first = t.querySelector('tbody tr > :first-child');
    const sticky = first ? getComputedStyle(first).position === 'sticky' : true;
    const overflowX = wrap ? getComputedStyle(wrap).overflowX : 'visible';
    out.tables.push({
      name: name(t), right: Math.round(box.right), left: Math.round(box.left),
      tableRight: Math.round(tr.right), scrolls, sticky,
      scrollable: overflowX === 'auto' || overflowX === 'scroll',
      focusable: wrap ? wrap.tabIndex >= 0 : true,
    });
  }

  // compare pages: both GPUs' value cells of every row in the viewport,
  // side by side (their tops level)
  out.compare = [];
  const names = [...document.querySelectorAll('table.compare thead a[href*="gpus/"]')]
    .slice(0, 2).map((a) => a.textContent.trim());
  if (names.length === 2) {
    for (const t of document.querySelectorAll('main table.compare')) {
      const heads = [...t.tHead.rows[t.tHead.rows.length - 1].cells].map((c) => c.textContent);
      const colsOf = (n) => heads.map((h, i) => (h.includes(n) ? i : -1)).filter((i) => i > 0);
      const ca = colsOf(names[0]);
      const cb = colsOf(names[1]);
      for (const row of t.tBodies[0].rows) {
        const label = row.cells[0].textContent.trim().slice(0, 40);
        const bad = [];
        for (const [n, cols] of [[names[0], ca], [names[1], cb]]) {
          if (!cols.length) bad.push(`no column for ${n}`);
          for (const i of cols) {
            const r = row.cells[i]?.getBoundingClientRect();
            if (!r || r.width === 0) bad.push(`${n} (column ${i + 1}) not shown`);
            else if (r.left < -0.5 || r.right > vw + 0.5) bad.push(`${n} (column ${i + 1}) at ${Math.round(r.left)}..${Math.round(r.right)}`);
          }
        }
        if (ca.length && cb.length) {
          const ta = row.cells[ca[0]]?.getBoundingClientRect().top;
          const tb = row.cells[cb[0]]?.getBoundingClientRect().top;
          if (Math.abs(ta - tb) > 2) bad.push(`not side by side (tops ${Math.round(ta)} and ${Math.round(tb)})`);
        }
        // no cell of the row off screen (a tall row of hidden content)
        for (const c of row.cells) {
          const r = c.getBoundingClientRect();
          if (r.width > 0 && (r.right > vw + 0.5 || r.left < -0.5)) {
            bad.push(`a cell at ${Math.round(r.left)}..${Math.round(r.right)}, ${Math.round(r.height)} px tall, off screen`);
            break;
          }
        }
        out.compare.push({ table: name(t), label, bad, names });
      }
    }
  }

  // charts: one variant shown per figure; its smallest label in CSS px
  out.charts = [];
  for (const fig of document.querySelectorAll('figure.chart')) {
    const svgs = [...fig.querySelectorAll('svg[role=img]')].filter(shown);
    let min = Infinity;
    let small = 0;
    let count = 0;
    let smallest = '';
    for (const svg of svgs) {
      const vb = svg.viewBox.baseVal;
      const scale = svg.getBoundingClientRect().width / (vb && vb.width ? vb.width : 1);
      for (const tx of svg.querySelectorAll('text')) {
        const px = parseFloat(getComputedStyle(tx).fontSize) * scale;
        count++;
        if (px < minLabelPx - 0.05) small++;
        if (px < min) {
          min = px;
          smallest = tx.textContent.slice(0, 30);
        }
      }
    }
    out.charts.push({ id: svgs[0]?.id || '(none)', shown: svgs.length, min, small, count, smallest });
  }

  // title, menu, contents, sort script
  out.title = document.title;
  out.current = [...document.querySelectorAll('nav.site-nav a[aria-current="page"]')]
    .map((a) => new URL(a.getAttribute('href'), location.href).pathname);
  const toc = document.querySelector('nav.toc > ol');
  if (toc) {
    out.toc = [...toc.children].map((li) => li.querySelector(':scope > a')?.getAttribute('href'));
    out.sections = [...document.querySelectorAll('.prose h2[id]')].map((h) => `#${h.id}`);
    out.subs = [...toc.querySelectorAll(':scope > li > ul > li > a')].map((a) => a.getAttribute('href'));
    out.subSections = [...document.querySelectorAll('.prose h3[id]')].map((h) => `#${h.id}`);
  }
  out.sortable = document.querySelectorAll('table.sortable').length;
  out.sortScript = [...document.scripts].some((sc) => /(^|\/)sort\.js(\?v=[0-9a-f]+)?$/.test(sc.getAttribute('src') || ''));
  out.sortUnbuttoned = [...document.querySelectorAll('table.sortable')].filter((t) =>
    [...(t.tHead?.rows[t.tHead.rows.length - 1]?.cells || [])].some((th) => !th.querySelector('a')) &&
    !t.querySelector('thead th button')).length;

  // values with units on one line: a number (or a range), then its unit
  out.broken = [];
  const value = /^[$]?[\d.,]+(?:[–-][$]?[\d.,]+)?(?:\s?\S+)?$/u;
  for (const el of document.querySelectorAll('td .v, .fig, dd .meta, td .meta')) {
    const text = el.textContent.trim();
    if (!shown(el) || !value.test(text)) continue;
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
    if (lines.size > 1) out.broken.push(text);
  }

  // no data: a short mark with its reason as text beside it (issue 26:
  // phones and paper have no hover), and one shown legend under each
  // table that has one
  out.nodataLong = [];
  for (const c of document.querySelectorAll('main td.nodata')) {
    if (!shown(c) || c.hasAttribute('colspan')) continue; // a table's "no rows"
    const why = c.querySelector('.nd-why');
    const seen = [...c.childNodes].filter((n) => !(n.classList && (n.classList.contains('vh') ||
      n.classList.contains('nd-why')))).map((n) => n.textContent).join('').trim();
    if (seen.length > 2 || !why || !shown(why) || !why.textContent.trim()) out.nodataLong.push(seen + (why ? ` / ${why.textContent}` : ' (no reason)'));
  }
  // the report says it once, under its contents (.report-legend), when any
  // of its tables has the mark, and under none of them
  out.legends = [];
  let marked = 0;
  for (const w of document.querySelectorAll('main .table-wrap')) {
    if (!shown(w) || !w.querySelector('td.nodata:not([colspan])')) continue;
    marked++;
    const next = w.nextElementSibling;
    const ok = next && next.classList.contains('nodata-legend') && shown(next);
    out.legends.push({ table: name(w.querySelector('table')), ok });
  }
  out.legendsShown = [...document.querySelectorAll('.nodata-legend')].filter(shown).length;
  const once = document.querySelector('.report-legend');
  out.reportLegend = once ? { shown: shown(once), marked } : null;
  return out;
}

function layoutChecks(m, item, width, label) {
  for (const t of m.tables) {
    check(`${label}: ${t.name} inside the content column`,
      t.left >= m.column[0] - 1 && t.right <= m.column[1] + 1,
      `box ${t.left}..${t.right}, column ${m.column[0]}..${m.column[1]}`);
    // at 1280 px the guide's tables fit; a raw CSV view (.data-table, as
    // many columns as its file) may scroll in its box
    if (width >= 1280 && !t.name.includes('.data-table')) {
      check(`${label}: ${t.name} fits the column without scrolling`,
        t.tableRight <= m.column[1] + 1 && !t.scrolls, `table's right edge at ${t.tableRight}`);
    }
    if (t.scrolls) {
      check(`${label}: ${t.name} scrolls in its own box, keyboard too, first column sticky`,
        t.scrollable && t.focusable && t.sticky,
        `overflow-x ${t.scrollable ? 'scrolls' : 'does not scroll'}, focusable ${t.focusable}, sticky ${t.sticky}`);
    }
  }
  if (item.kind === 'compare') {
    check(`${label}: both GPUs named in the compare tables`, m.compare.length > 0 && m.compare[0].names.length === 2);
    const bad = m.compare.filter((r) => r.bad.length);
    check(`${label}: both GPUs' values of every row (${m.compare.length}) in the viewport, side by side`,
      bad.length === 0, bad.slice(0, 6).map((r) => `${r.table} "${r.label}": ${r.bad.join('; ')}`).join('\n'));
  }
  for (const c of m.charts) {
    check(`${label}: chart ${c.id}: one variant shown`, c.shown === 1, `${c.shown} shown`);
    check(`${label}: chart ${c.id}: smallest label ${c.min.toFixed(1)} px >= ${MIN_LABEL_PX} px`,
      c.count > 0 && c.small === 0, `${c.small} of ${c.count} labels under ${MIN_LABEL_PX} px; smallest "${c.smallest}"`);
  }
  const parts = m.title.split(' · ');
  check(`${label}: one title ("${m.title}")`, parts.length === new Set(parts).size && parts.every((x) => x.trim()));
  if (item.lang && item.kind in SECTION) {
    const want = `/${item.lang}/${SECTION[item.kind]}`;
    check(`${label}: the menu marks ${want}`, m.current.length === 1 && m.current[0].endsWith(want),
      `marked: ${m.current.join(', ') || '(none)'}`);
  } else if (item.lang) {
    // search and the calculator have no menu item: none is marked
    check(`${label}: the menu marks no item`, m.current.length === 0,
      `marked: ${m.current.join(', ')}`);
  }
  if (m.toc) {
    check(`${label}: the contents number the sections as they read`,
      JSON.stringify(m.toc) === JSON.stringify(m.sections), `contents ${m.toc.join(' ')}\nsections ${m.sections.join(' ')}`);
    check(`${label}: the subsections are listed under their sections, unnumbered`,
      JSON.stringify(m.subs) === JSON.stringify(m.subSections), `listed ${m.subs.join(' ')}\nin the text ${m.subSections.join(' ')}`);
  }
  if (m.sortable) {
    check(`${label}: ${m.sortable} sortable table(s): the sort script is loaded and has made their headings buttons`,
      m.sortScript && m.sortUnbuttoned === 0, `script ${m.sortScript}, tables without buttons ${m.sortUnbuttoned}`);
  }
  check(`${label}: values with units on one line`, m.broken.length === 0, m.broken.slice(0, 5).join('\n'));
  check(`${label}: "no data" is a compact mark with its reason as text beside it`, m.nodataLong.length === 0, m.nodataLong.slice(0, 3).join('\n'));
  const noLegend = m.legends.filter((l) => !l.ok);
  if (m.reportLegend) {
    check(`${label}: one "no data" legend, under the contents, for its ${m.reportLegend.marked} tables with the mark`,
      m.reportLegend.shown === m.reportLegend.marked > 0 && m.legendsShown === 0,
      `under the contents: ${m.reportLegend.shown}; under tables: ${m.legendsShown}`);
  } else {
    check(`${label}: one "no data" legend under each table with the mark`,
      noLegend.length === 0 && m.legendsShown === m.legends.length,
      `${noLegend.map((l) => l.table).join(', ')}; ${m.legendsShown} legends shown for ${m.legends.length} tables`);
  }
}

// ---- one page in the browser
async function visit(context, base, item, width, axeSource) {
  const label = `/${item.rel ?? '(missing)'} [${item.kind}, ${width}px]`;
  if (item.rel === null) {
    check(`${item.kind} page exists in ${item.lang}`, false);
    return null;
  }
  const page = await context.newPage();
  const consoleErrors = [];
  const failedRequests = [];
  const is404 = item.kind === '404';
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (is404 && /status of 404/.test(m.text())) return; // the page itself
    consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) => failedRequests.push(`${r.url()}: ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() < 400) return;
    if (is404 && r.request().isNavigationRequest()) return;
    failedRequests.push(`${r.url()}: HTTP ${r.status()}`);
  });
  const url = `${base}/${item.rel}`;
  let resp;
  try {
    resp = await page.goto(url, { waitUntil: 'load' });
  } catch (e) {
    check(`${label}: loads`, false, e.message);
    await page.close();
    return null;
  }
  check(`${label}: status ${is404 ? 404 : 200}`, resp && resp.status() === (is404 ? 404 : 200),
    resp ? `status ${resp.status()}` : 'no response');
  await page.waitForTimeout(50);

  const scroll = await page.evaluate(() => {
    const sw = document.scrollingElement.scrollWidth;
    const iw = window.innerWidth;
    const wide = [];
    if (sw > iw) {
      for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect();
        if (r.right > iw + 1 && r.width > 0) {
          // only the outermost offenders, not what scrolls inside a box
          let p = el.parentElement;
          let parentWide = false;
          while (p && p !== document.body) {
            if (p.getBoundingClientRect().right > iw + 1 ||
                getComputedStyle(p).overflowX !== 'visible') { parentWide = true; break; }
            p = p.parentElement;
          }
          if (!parentWide) {
            const cls = el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
            wide.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls} (right edge ${Math.round(r.right)}px)`);
          }
        }
        if (wide.length >= 5) break;
      }
    }
    return { sw, iw, wide };
  });
  check(`${label}: no horizontal page scroll`, scroll.sw <= scroll.iw,
    `scrollWidth ${scroll.sw} > innerWidth ${scroll.iw}; too wide: ${scroll.wide.join(', ')}`);

  if (!is404) layoutChecks(await page.evaluate(measureLayout, MIN_LABEL_PX), item, width, label);
  if (item.light) {
    check(`${label}: no console errors`, consoleErrors.length === 0, consoleErrors.join('\n'));
    check(`${label}: no failed requests`, failedRequests.length === 0, failedRequests.join('\n'));
    await page.close();
    return null;
  }
  if (is404) await check404(page, label);

  // Charts: every svg[role=img] is visible and has a size.
  const charts = page.locator('svg[role=img]:visible');
  const nCharts = await charts.count();
  if (nCharts) {
    const hidden = [];
    for (let i = 0; i < nCharts; i++) {
      const c = charts.nth(i);
      const box = await c.boundingBox();
      const visible = await c.isVisible();
      if (!visible || !box || box.width < 50 || box.height < 30) {
        hidden.push(`${(await c.getAttribute('id')) || `#${i}`}: ${box ? `${Math.round(box.width)}x${Math.round(box.height)}` : 'no box'}`);
      }
    }
    check(`${label}: ${nCharts} chart(s) visible`, hidden.length === 0, hidden.join('\n'));
  }

  // The language switcher (every page but the bilingual landing and 404).
  let switchHref = null;
  if (item.lang) {
    const sw = page.locator('a.lang-switch');
    if (check(`${label}: has a language switcher`, (await sw.count()) === 1)) {
      switchHref = new URL(await sw.getAttribute('href'), page.url()).href;
      check(`${label}: the language switcher is visible`, await sw.isVisible());
    }
  }

  // axe-core: no serious or critical violations.
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}: ${(n.failureSummary || '').replace(/\s+/g, ' ')}`),
      count: v.nodes.length,
    }));
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  check(`${label}: axe: no serious/critical violations`, bad.length === 0,
    bad.map((v) => `${v.impact} ${v.id} (${v.help}), ${v.count} node(s):\n  ${v.nodes.join('\n  ')}`).join('\n'));

  if (SCREENSHOT_KINDS.has(item.kind)) {
    await page.screenshot({ path: path.join(OUT, `${item.lang}-${item.kind}-${width}.png`), fullPage: true });
  }
  await page.waitForTimeout(20);
  check(`${label}: no console errors`, consoleErrors.length === 0, consoleErrors.join('\n'));
  check(`${label}: no failed requests`, failedRequests.length === 0, failedRequests.join('\n'));
  await page.close();
  return switchHref;
}

// The 404 page: styled, and its links lead to the site's home and search
// pages wherever the page was asked for.
async function check404(page, label) {
  const styled = await page.evaluate(() => {
    const b = document.querySelector('a.button');
    return b ? getComputedStyle(b).backgroundColor : '';
  });
  check(`${label}: styled (the home button has a background)`,
    styled && styled !== 'rgba(0, 0, 0, 0)', `background ${styled || '(no button)'}`);
  const hrefs = await page.evaluate(() => [...document.querySelectorAll('main a')].map((a) => a.href));
  const origin = new URL(page.url()).origin;
  const prefix = new URL(page.url()).pathname.startsWith(`${MIRROR}/`) ? MIRROR : '';
  const want = ['en', 'zh'].flatMap((l) => [`${origin}${prefix}/${l}/`, `${origin}${prefix}/${l}/search/`]);
  check(`${label}: its links lead to ${want.map((w) => w.slice(origin.length)).join(' and ')}`,
    JSON.stringify(hrefs) === JSON.stringify(want), `links: ${hrefs.join(', ')}`);
  for (const h of hrefs) {
    const r = await page.request.get(h);
    check(`${label}: ${h.slice(origin.length)} answers 200`, r.status() === 200, `status ${r.status()}`);
  }
}

// The switcher's target is the same page in the other language, and its own
// switcher leads back.
async function checkSwitch(context, base, item, target) {
  const label = `${item.rel} [${item.kind}]`;
  const other = item.lang === 'en' ? 'zh' : 'en';
  if (!['article', 'tag'].includes(item.kind)) {
    const expect = `${base}/${other}/${item.rel.slice(item.lang.length + 1)}`;
    check(`${label}: the language switcher leads to ${expect.slice(base.length)}`, target === expect,
      `it leads to ${target}`);
  }
  const page = await context.newPage();
  const resp = await page.goto(target, { waitUntil: 'domcontentloaded' });
  const lang = await page.evaluate(() => document.documentElement.lang);
  check(`${label}: the switcher's target is a page in ${other}`,
    resp && resp.status() === 200 && lang.startsWith(other), `status ${resp?.status()}, lang "${lang}"`);
  const back = page.locator('a.lang-switch');
  const backHref = (await back.count()) ? new URL(await back.getAttribute('href'), page.url()).href : null;
  check(`${label}: the other language's switcher leads back`, backHref === `${base}/${item.rel}`,
    `it leads to ${backHref}`);
  await page.close();
}

// Sorting with JS changes the order; without JS the table is complete.
async function checkSorting(browser, base, rel) {
  const label = `${rel}: table.sortable`;
  const js = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await js.newPage();
  await page.goto(`${base}/${rel}`, { waitUntil: 'load' });
  const table = page.locator('table.sortable').first();
  if (!check(`${label} exists`, (await table.count()) === 1)) {
    await js.close();
    return;
  }
  const rows = () => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.textContent.trim()));
  const before = await rows();
  const buttons = table.locator('thead th button');
  const nButtons = await buttons.count();
  check(`${label}: headers are buttons with JS`, nButtons > 0, 'no button in any header');
  let changed = false;
  let sortedBy = '';
  for (let i = 0; i < nButtons && !changed; i++) {
    await buttons.nth(i).click();
    const after = await rows();
    if (after.length === before.length && after.join('\u0000') !== before.join('\u0000')) {
      changed = true;
      sortedBy = (await buttons.nth(i).textContent()).trim();
      const ariaSort = await buttons.nth(i).evaluate((b) => b.parentElement.getAttribute('aria-sort'));
      check(`${label}: the sorted header gets aria-sort`, ariaSort === 'ascending' || ariaSort === 'descending', `aria-sort=${ariaSort}`);
      await buttons.nth(i).click();
      const again = await rows();
      check(`${label}: a second click reverses the order`, again.join('\u0000') !== after.join('\u0000'));
    }
  }
  check(`${label}: clicking a header changes the row order${sortedBy ? ` (by "${sortedBy}")` : ''}`, changed,
    `${before.length} rows, no header changed their order`);
  await js.close();

  const nojs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const p2 = await nojs.newPage();
  await p2.goto(`${base}/${rel}`, { waitUntil: 'load' });
  const t2 = p2.locator('table.sortable').first();
  const n2 = await t2.locator('tbody tr').count();
  check(`${label}: complete without JS (${n2} rows, ${before.length} with JS)`, n2 === before.length && n2 > 0);
  const b2 = await t2.locator('thead th button').count();
  check(`${label}: without JS the headers are plain text`, b2 === 0);
  await nojs.close();
}

// Without JavaScript the 404 page is styled and its links work from the
// host's root (the base URL's path).
async function check404NoJs(browser, base) {
  const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
  const page = await ctx.newPage();
  const resp = await page.goto(`${base}/en/some/where/deep/`, { waitUntil: 'load' });
  const label = '/en/some/where/deep/ [404 without JS]';
  check(`${label}: status 404`, resp && resp.status() === 404);
  await check404(page, label);
  await ctx.close();
}

async function main() {
  if (!fs.existsSync(path.join(SITE, 'index.html'))) {
    check(`a built site in ${SITE}`, false, 'run build/gen build first');
    return;
  }
  fs.mkdirSync(OUT, { recursive: true });
  for (const f of fs.readdirSync(OUT)) if (f.endsWith('.png')) fs.rmSync(path.join(OUT, f));
  const nu = ONLY ? null : nuCheck(); // the JVM works while the browser does
  if (!ONLY) await linkCheck();

  const server = http.createServer(serveSite);
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${server.address().port}`;
  const axeSource = fs.readFileSync(AXE, 'utf8');

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const items = [...LANGS.flatMap(pageKinds), { kind: 'landing', lang: null, rel: '' },
      { kind: '404', lang: null, rel: 'en/no-such-page/' },
      { kind: '404', lang: null, rel: `${MIRROR.slice(1)}/en/gpus/no-such-gpu/` },
      { kind: '404', lang: null, rel: 'zh/a/b/c/d' }].filter((i) => !ONLY || ONLY.has(i.kind));
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      // The site as deployed at its base URL (404.html links there): serve
      // those requests from the local copy; anything else external fails.
      await context.route(`${BASE_URL}/**`, async (route) => {
        const response = await route.fetch({ url: base + route.request().url().slice(BASE_URL.length) });
        await route.fulfill({ response });
      });
      for (const item of items) {
        const target = await visit(context, base, item, width, axeSource);
        if (target && width === 1280) await checkSwitch(context, base, item, target);
      }
      await context.close();
    }
    if (!ONLY || ONLY.has('404')) await check404NoJs(browser, base);
    if (!ONLY || ONLY.has('find')) await checkFind(browser, base, check, ROOT, axeSource);
    if (!ONLY || ONLY.has('print')) await checkPrint(browser, base, check, SITE, ROOT, path.join(OUT, 'print'));
    if (!ONLY || ONLY.has('buyer')) await checkBuyer(browser, base, check, ROOT);
    for (const lang of ONLY ? [] : LANGS) {
      await checkSorting(browser, base, `${lang}/gpus/`);
      await checkSorting(browser, base, `${lang}/data/prices/`);
    }
  } finally {
    await browser.close();
    server.close();
  }
  await nu;
}

try {
  await main();
} catch (e) {
  check('the browser test ran to the end', false, e.stack || String(e));
}
fs.mkdirSync(OUT, { recursive: true });
fs.writeFileSync(path.join(OUT, 'report.md'),
  `# browser test failures\n\n${report.join('\n') || '(none)'}\n\nbrowser: ${passed} passed, ${failed} failed\n`);
console.log(`browser: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
