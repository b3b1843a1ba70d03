// Printing (issue 29): the pages on paper, and the report as a PDF.
//
// printPdf prints one page of the site with Chromium (playwright-core's
// page.pdf) on A4 or US Letter, as the style sheet's @page lays it out:
// `make report` (report-pdf.mjs) and the checks below both use it.
//
// checkPrint, part of browser.mjs (alone: KINDS=print node browser.mjs):
// the report and a GPU, compare, task and article page of each language,
// on A4 and on Letter, measured in print media at the page's width and
// printed: no element wider than the page; no form, picker, toggle or menu
// printed; no heading as the last line of a page; a long table's header
// on every page it spans. Of the report's PDF: every section title and
// every numbered table and figure in its text (pdftotext), the same cost
// figures as the task pages, and every font embedded, a CJK one in the
// Chinese report (pdffonts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The printable width of each paper, in CSS px (96 per inch), with the
// style sheet's @page margins (14 mm left and right).
export const PAPERS = { A4: { width: 210, height: 297 }, Letter: { width: 215.9, height: 279.4 } };
const MARGIN_MM = 14;
const mmToPx = (mm) => (mm * 96) / 25.4;

// Print the page at `url` to `file` on `format` (A4 or Letter). The page's
// fonts are loaded first: Chromium embeds what it draws.
export async function printPdf(context, url, file, format) {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    await page.emulateMedia({ media: 'print' });
    await page.pdf({ path: file, format, printBackground: true, preferCSSPageSize: false,
      displayHeaderFooter: false });
  } finally {
    await page.close();
  }
}

function tool(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error) return { ok: false, out: String(r.error) };
  return { ok: r.status === 0, out: r.stdout };
}

// The text of each page of a PDF (pdftotext), whitespace removed, and its
// last line of body text (the margins' title, date and page number left
// out).
function pdfPages(file) {
  const layout = tool('pdftotext', ['-layout', file, '-']);
  const raw = tool('pdftotext', [file, '-']);
  if (!layout.ok || !raw.ok) return null;
  const split = (t) => t.split('\f').filter((p, i, all) => i < all.length - 1 || p.trim());
  const rawPages = split(raw.out);
  return split(layout.out).map((p, i) => {
    const lines = p.split('\n').map((l) => l.trim()).filter(Boolean);
    // first line: the margins' title and date; last: "N / M"
    const body = lines.slice(1).filter((l) => !/^\d+ \/ \d+$/.test(l));
    return { flat: squash(p), raw: squash(rawPages[i] || ''),
      last: body.length ? squash(body[body.length - 1]) : '',
      tail: body.slice(-3).map(squash), lead: body.slice(0, 3).map(squash) };
  });
}

const squash = (s) => s.replace(/\s+/g, '');

// A UI string of data/i18n.csv (key,en,zh; fields may be quoted).
function uiString(root, key, lang) {
  const csv = fs.readFileSync(path.join(root, 'data', 'i18n.csv'), 'utf8');
  for (const line of csv.split('\n')) {
    if (!line.startsWith(`${key},`)) continue;
    const fields = [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"'));
    return fields[lang === 'zh' ? 2 : 1];
  }
  return key;
}

// What the page shows in print, measured at the paper's printable width.
function measurePrint(width) {
  const shown = (e) => {
    const s = getComputedStyle(e);
    const r = e.getBoundingClientRect();
    return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0;
  };
  const name = (e) => e.tagName.toLowerCase() + (e.id ? `#${e.id}` : '') +
    (e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : '');
  const wide = [];
  for (const e of document.querySelectorAll('body *')) {
    if (!shown(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.right > width + 1 || r.left < -1) wide.push(`${name(e)} ${Math.round(r.left)}..${Math.round(r.right)}`);
  }
  const controls = [...document.querySelectorAll(
    'form, input, select, textarea, details, summary, .site-header, .site-nav, .crumbs, .lang-switch, .pair-picker, .gpu-filters, .site-search, .guide-sections')]
    .filter(shown).map(name);
  const headings = [...document.querySelectorAll('main h1, main h2, main h3, main h4, main h5')]
    .filter(shown).map((h) => h.textContent.replace(/\s+/g, ''));
  const tables = [...document.querySelectorAll('main table')].filter(shown).map((t) => ({
    head: [...t.querySelectorAll('thead th')].map((th) => th.textContent.replace(/\s+/g, '')).filter(Boolean),
    rows: [...t.querySelectorAll('tbody tr')].map((tr) => tr.textContent.replace(/\s+/g, '')),
  }));
  // a character no font has is drawn as the "missing glyph" box: compare
  // each character's drawing with a private-use character's
  const canvas = document.createElement('canvas');
  canvas.width = 40; canvas.height = 40;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  g.font = `24px ${getComputedStyle(document.body).fontFamily}`;
  const draw = (ch) => {
    g.clearRect(0, 0, 40, 40);
    g.fillText(ch, 4, 30);
    return Array.from(g.getImageData(0, 0, 40, 40).data).join(',');
  };
  const tofu = draw('\uE000');
  const chars = new Set([...(document.querySelector('main') || document.body).innerText].filter((c) => c > '\u2000' && c.trim()));
  const missing = [...chars].filter((c) => draw(c) === tofu);
  return { wide, controls, headings, tables, missing, scrollWidth: document.documentElement.scrollWidth };
}

// The pages of each kind to print in language `lang`.
function printItems(site, lang) {
  const first = (dir) => {
    const d = path.join(site, lang, dir);
    if (!fs.existsSync(d)) return null;
    const e = fs.readdirSync(d, { withFileTypes: true }).filter((x) => x.isDirectory()).map((x) => x.name).sort()[0];
    return e ? `${lang}/${dir}/${e}/` : null;
  };
  return [['report', `${lang}/report/`], ['gpu', first('gpus')], ['compare', first('compare')],
    ['task', first('tasks')], ['article', first('articles')]]
    .filter(([, rel]) => rel).map(([kind, rel]) => ({ kind, rel, lang }));
}

// A long table's header on every page it continues on: a page holding a
// row of the table (one found nowhere else in the document) but not its
// first row must hold the header's cells.
function headersRepeated(pages, tables) {
  const bad = [];
  const doc = pages.map((p) => p.flat).join('');
  // a header cell is on a page when its text is (in reading order), or,
  // for Chinese (a narrow column wraps between any two characters, and
  // pdftotext then interleaves the lines of the row), when each of its
  // characters is
  const count = (text, ch) => text.split(ch).length - 1;
  const onPage = (p, h) => p.raw.includes(h) || p.flat.includes(h) ||
    (/[\u4e00-\u9fff]/.test(h) && [...h].every((ch) => count(p.flat, ch) >= count(h, ch)));
  for (const t of tables) {
    if (t.head.length < 2 || t.rows.length < 2) continue;
    const unique = t.rows.filter((r) => r.length > 12 && doc.split(r).length === 2);
    // the pages it is on, by the rows found whole (a row that wraps in a
    // narrow column is not): every one after the first continues it
    const on = pages.map((p) => unique.some((r) => p.flat.includes(r)) || p.flat.includes(t.rows[0]));
    const first = on.indexOf(true);
    pages.forEach((p, i) => {
      if (!on[i] || i === first || p.flat.includes(t.rows[0])) return;
      const missing = t.head.filter((h) => !onPage(p, h));
      if (missing.length) bad.push(`page ${i + 1}: table headed ${t.head.slice(0, 3).join('|')}… lacks ${missing.slice(0, 3).join(', ')}`);
    });
  }
  return bad;
}

export async function checkPrint(browser, base, check, site, root, out) {
  const have = spawnSync('pdftotext', ['-v']).status === 0 && spawnSync('pdffonts', ['-v']).status === 0;
  if (!check('print: pdftotext and pdffonts (poppler-utils) installed', have, 'apt-get install poppler-utils')) return;
  fs.mkdirSync(out, { recursive: true });
  for (const lang of ['en', 'zh']) {
    for (const item of printItems(site, lang)) {
      for (const [format, paper] of Object.entries(PAPERS)) {
        const label = `print ${item.rel} (${format})`;
        const width = Math.floor(mmToPx(paper.width - 2 * MARGIN_MM));
        const context = await browser.newContext({ viewport: { width, height: 1000 } });
        const page = await context.newPage();
        await page.goto(`${base}/${item.rel}`, { waitUntil: 'load' });
        await page.emulateMedia({ media: 'print' });
        const m = await page.evaluate(measurePrint, width);
        await page.close();
        check(`${label}: no element wider than the page (${width} px)`,
          m.wide.length === 0 && m.scrollWidth <= width + 1,
          `page ${m.scrollWidth} px; ${m.wide.slice(0, 6).join('; ')}`);
        check(`${label}: no menu, form, picker or toggle printed`, m.controls.length === 0,
          m.controls.slice(0, 6).join(', '));
        check(`${label}: no missing glyph (every character drawn by a font that has it)`,
          m.missing.length === 0, m.missing.slice(0, 20).join(' '));
        const file = path.join(out, `${item.rel.replace(/\//g, '_')}${format}.pdf`);
        await printPdf(context, `${base}/${item.rel}`, file, format);
        await context.close();
        const pages = pdfPages(file);
        if (!check(`${label}: printed, pdftotext reads it`, pages && pages.length > 0)) continue;
        // a heading ends the page when its last lines are the heading
        // (one, or two or three when it wraps), or the page breaks inside
        // it (its last lines and the next page's first make it up); a
        // table cell's last line that merely ends as a heading ends is none
        const endsWithHeading = (p, next) => m.headings.some((h) =>
          [1, 2, 3].some((k) => p.tail.length >= k && (p.tail.slice(-k).join('') === h ||
            [1, 2].some((j) => next.lead.length >= j &&
              p.tail.slice(-k).join('') + next.lead.slice(0, j).join('') === h))));
        const stranded = pages.map((p, i) => ({ i, ...p }))
          .filter((p) => p.i < pages.length - 1 && p.last && endsWithHeading(p, pages[p.i + 1]));
        check(`${label}: no heading as the last line of a page`, stranded.length === 0,
          stranded.map((p) => `page ${p.i + 1}: "${p.last}"`).join('; '));
        const bad = headersRepeated(pages, m.tables);
        check(`${label}: table headers repeated on every page a table continues on`, bad.length === 0,
          bad.slice(0, 6).join('\n'));
        if (item.kind === 'report') checkReportPdf(check, site, root, lang, file, pages, label);
      }
    }
  }
}

// The report's PDF: its section titles, numbered tables and figures, the
// task pages' costs, and its fonts.
function checkReportPdf(check, site, root, lang, file, pages, label) {
  const text = pages.map((p) => p.flat).join('');
  const html = fs.readFileSync(path.join(site, lang, 'report', 'index.html'), 'utf8');
  const plain = (s) => s.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/\s+/g, '');
  const titles = [...html.matchAll(/<h2 id="(?:s\d+|references)-h">([\s\S]*?)<\/h2>/g)].map((x) => plain(x[1]));
  check(`${label}: sections found in the report (${titles.length})`, titles.length >= 10);
  const missingTitles = titles.filter((t) => !text.includes(t));
  check(`${label}: every section title in the PDF's text`, missingTitles.length === 0, missingTitles.join(', '));
  const exhibits = [...html.matchAll(/<p class="report-exhibit">([\s\S]*?)<\/p>/g)].map((x) => plain(x[1]));
  const missingEx = exhibits.filter((t) => !text.includes(t));
  check(`${label}: every numbered table and figure (${exhibits.length}) in the PDF's text`,
    exhibits.length > 0 && missingEx.length === 0, missingEx.slice(0, 6).join(', '));
  // the costs of every task page, as its cost column (headed by the UI
  // string task.cost) prints them
  const costHead = uiString(root, 'task.cost', lang);
  const costs = [];
  const tasks = path.join(site, lang, 'tasks');
  for (const d of fs.readdirSync(tasks, { withFileTypes: true }).filter((x) => x.isDirectory())) {
    const page = fs.readFileSync(path.join(tasks, d.name, 'index.html'), 'utf8');
    const table = page.match(/<table class="sortable task-costs">([\s\S]*?)<\/table>/);
    if (!table) continue;
    const heads = [...table[1].matchAll(/<th scope="col"[^>]*>([\s\S]*?)<\/th>/g)].map((x) => plain(x[1]));
    const col = heads.indexOf(squash(costHead));
    if (col < 0) continue;
    for (const row of table[1].matchAll(/<tr data-gpu="[^"]*">([\s\S]*?)<\/tr>/g)) {
      const cells = [...row[1].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((x) => x[1]);
      const v = cells[col] && cells[col].match(/<span class="v">([^<]*)<\/span>/);
      if (v) costs.push(plain(v[1]));
    }
  }
  check(`${label}: the task pages' costs found (${costs.length})`, costs.length > 0);
  const missingCosts = [...new Set(costs)].filter((c) => c && !text.includes(c));
  check(`${label}: every task page's cost figure in the PDF's text`, missingCosts.length === 0,
    missingCosts.slice(0, 8).join(', '));
  const fonts = tool('pdffonts', [file]);
  const rows = fonts.ok ? fonts.out.split('\n').slice(2).filter((l) => l.trim()) : [];
  // pdffonts: name type encoding emb sub uni object ID
  const notEmbedded = rows.filter((l) => { const f = l.trim().split(/\s+/); return f[f.length - 5] !== 'yes'; });
  check(`${label}: every font embedded (pdffonts)`, fonts.ok && rows.length > 0 && notEmbedded.length === 0,
    notEmbedded.join('\n'));
  if (lang === 'zh') {
    // Chromium embeds the CJK font (an OpenType CFF collection) as Type 3
    // fonts with a Unicode map: the text must read back as Chinese
    check(`${label}: the Chinese text reads back from the PDF`,
      /[\u4e00-\u9fff]{20}/.test(text) && !/[\uFFFD]/.test(text));
  }
}
