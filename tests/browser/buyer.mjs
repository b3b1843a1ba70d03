// Issue 26 in the browser: pages a buyer can act on, in both languages at
// 390 px and 1280 px. Reader pages speak the buyer's words (no repository
// path, file name or column name), no table is all no-data marks, search
// finds the guide first, the menu has the calculator, the language switch
// keeps a page's query, the favicon loads, and the GPU list's prices are
// inside a phone's viewport.
//
//   checkBuyer(browser, base, check, root)   (called by browser.mjs)
//   node tests/browser/buyer.mjs             (alone: SITE=dir, after a build)
import fs from 'node:fs';
import path from 'node:path';
import { isMain, runAlone } from './alone.mjs';

const WIDTHS = [390, 1280];
const LANGS = ['en', 'zh'];
// Reader pages of every family (the /data/ pages show the tables as they
// are: they are the place for file and column names).
const READER = ['', 'gpus/', 'gpus/b100/', 'gpus/rtx-4090/', 'gpus/l40s/', 'compare/',
  'compare/h100-80gb-vs-rtx-4090/', 'compare/h200-vs-b100/', 'tasks/', 'tasks/resnet50-imagenet/',
  'use-cases/', 'techniques/', 'vram/', 'inference/', 'calculator/', 'sources/', 'methodology/',
  'search/', 'articles/', 'articles/how-to-choose/', 'articles/training-guide/'];

// Every column name of data/*.csv that a reader could take for one (a name
// with an underscore: vram_gb, usd_per_hour, notes_en, ...).
function columnNames(root) {
  const dir = path.join(root, 'data');
  const names = new Set();
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.csv'))) {
    const head = fs.readFileSync(path.join(dir, f), 'utf8').split('\n')[0];
    for (const c of head.split(',')) if (c.includes('_')) names.add(c.trim());
  }
  return names;
}

async function readerText(page) {
  return page.evaluate(() => {
    const main = document.body.cloneNode(true);
    main.querySelectorAll('script, style, svg').forEach((n) => n.remove());
    return main.innerText;
  });
}

// Tables whose every value cell (td) is a no-data mark.
async function emptyTables(page) {
  return page.evaluate(() => [...document.querySelectorAll('main table')].filter((t) => {
    const tds = [...t.querySelectorAll('tbody td')];
    return tds.length > 0 && tds.every((td) => td.querySelector('.nd') && !td.querySelector('.v'));
  }).map((t) => (t.caption ? t.caption.textContent : t.id || '(table)').slice(0, 60)));
}

async function checkPages(browser, base, check, root) {
  const columns = columnNames(root);
  for (const width of WIDTHS) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    for (const lang of LANGS) {
      const words = [], empty = [], nav = [], reasons = [];
      for (const rel of READER) {
        const url = `${base}/${lang}/${rel}`;
        const r = await page.goto(url, { waitUntil: 'load' });
        if (!r || r.status() !== 200) { words.push(`${rel}: status ${r && r.status()}`); continue; }
        const text = await readerText(page);
        const m = text.match(/.{0,30}(\bdata\/|\.csv\b).{0,30}/);
        if (m) words.push(`${rel}: «${m[0]}»`);
        const col = (text.match(/\b[a-z0-9]+(?:_[a-z0-9]+)+\b/g) || []).find((w) => columns.has(w));
        if (col) words.push(`${rel}: column name ${col}`);
        for (const t of await emptyTables(page)) empty.push(`${rel}: ${t}`);
        // a no-data mark's reason is text on the page, not only a hover title
        const hidden = await page.evaluate(() => [...document.querySelectorAll('main td .nd')].filter((nd) => {
          if (nd.getBoundingClientRect().width < 1) return false; /* not shown at all (a closed details) */
          const why = nd.parentElement.querySelector('.nd-why');
          return !why || why.getBoundingClientRect().width < 2 || !why.textContent.trim();
        }).length);
        if (hidden) reasons.push(`${rel}: ${hidden} marks`);
        const calc = await page.evaluate(() => [...document.querySelectorAll('nav.site-nav a')]
          .filter((a) => /\/calculator\/$/.test(new URL(a.href).pathname)).length);
        if (calc !== 1) nav.push(rel);
      }
      check(`buyer ${lang} ${width}px: no reader page shows data/, .csv or a column name`,
        words.length === 0, words.join('\n'));
      check(`buyer ${lang} ${width}px: no table whose every value cell is a no-data mark`,
        empty.length === 0, empty.join('\n'));
      check(`buyer ${lang} ${width}px: every no-data mark's reason is visible text`,
        reasons.length === 0, reasons.join('\n'));
      check(`buyer ${lang} ${width}px: the calculator is in the menu of every page`,
        nav.length === 0, nav.join(', '));
    }
    await ctx.close();
  }
}

async function checkNavigation(browser, base, check) {
  for (const width of WIDTHS) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    for (const lang of LANGS) {
      const other = lang === 'en' ? 'zh' : 'en';
      // the calculator's inputs survive the language switch
      await page.goto(`${base}/${lang}/calculator/?params=13`, { waitUntil: 'load' });
      await page.waitForSelector('#calc[data-ready]', { timeout: 5000 }).catch(() => {});
      await page.locator('a.lang-switch').click();
      await page.waitForLoadState('load');
      await page.waitForSelector('#calc[data-ready]', { timeout: 5000 }).catch(() => {});
      const landed = new URL(page.url());
      const params = await page.locator('#calc-params').inputValue().catch(() => '');
      check(`buyer ${lang} ${width}px: the language switch on /${lang}/calculator/?params=13 lands on /${other}/calculator/?params=13`,
        landed.pathname === `/${other}/calculator/` && landed.searchParams.get('params') === '13' && params === '13',
        `${landed.pathname}${landed.search}, input ${params}`);
      // and so do the search words
      await page.goto(`${base}/${lang}/search/?q=4090`, { waitUntil: 'load' });
      await page.waitForSelector('#search[data-ready]', { timeout: 5000 }).catch(() => {});
      const href = await page.locator('a.lang-switch').getAttribute('href');
      const target = new URL(href, page.url());
      check(`buyer ${lang} ${width}px: the language switch on the search page keeps the words`,
        target.pathname === `/${other}/search/` && target.searchParams.get('q') === '4090', target.href);
      // the menu marks the calculator on its own page
      await page.goto(`${base}/${lang}/calculator/`, { waitUntil: 'load' });
      const current = await page.evaluate(() => {
        const a = document.querySelector('nav.site-nav a[aria-current="page"]');
        return a ? new URL(a.href).pathname : '';
      });
      check(`buyer ${lang} ${width}px: the menu marks the calculator on its page`,
        /\/calculator\/$/.test(current), current);
      // the favicon
      const icon = await page.locator('link[rel="icon"]').getAttribute('href').catch(() => null);
      const res = icon ? await page.request.get(new URL(icon, page.url()).href) : null;
      check(`buyer ${lang} ${width}px: the favicon loads`,
        res && res.status() === 200 && (await res.text()).includes('<svg'), icon);
    }
    await ctx.close();
  }
}

async function searchFor(page, base, lang, q) {
  await page.goto(`${base}/${lang}/search/?q=${encodeURIComponent(q)}`, { waitUntil: 'load' });
  await page.waitForFunction(() => {
    const s = document.getElementById('search-status');
    return s && s.textContent && !/…|……/.test(s.textContent);
  }, null, { timeout: 5000 }).catch(() => {});
  return page.locator('#search-results > li:has(> a)').evaluateAll((lis) => lis.map((li) => ({
    href: li.querySelector('a').getAttribute('href'),
    snippet: li.querySelector('p') ? li.querySelector('p').textContent : '',
  })));
}

// Every doc's held (how much of the data it holds) by its path.
async function docHeld(page, base, lang) {
  const meta = await (await page.request.get(`${base}/${lang}/search/index.json`)).json();
  const held = new Map();
  for (let k = 0; k < meta.doc_shards.length; k++) {
    const rows = await (await page.request.get(`${base}/${lang}/search/d${k}.json`)).json();
    rows.forEach((r, i) => held.set(r[1], meta.held[meta.doc_shards[k] + i]));
  }
  return held;
}

// Every doc's text by its path, from the search index's doc shards.
async function docTexts(page, base, lang) {
  const meta = await (await page.request.get(`${base}/${lang}/search/index.json`)).json();
  const texts = new Map();
  for (let k = 0; k < meta.doc_shards.length; k++) {
    const rows = await (await page.request.get(`${base}/${lang}/search/d${k}.json`)).json();
    rows.forEach((r) => texts.set(r[1], r[3]));
  }
  return texts;
}

// Whether a result's snippet starts or ends inside a word or a number of
// its page's text (a letter or digit on both sides of the cut, or a
// number's point or comma beside it).
function cutInside(result, docs) {
  const text = docs.get(result.href.replace(/^\.\.\//, ''));
  const body = result.snippet.replace(/^…+\s*/, '').replace(/\s*…+$/, '');
  const at = text ? text.indexOf(body) : -1;
  if (at < 0) return true; // a snippet is a run of its page's text
  const w = (k) => /[A-Za-z0-9]/.test(text.charAt(k)) ||
    (/[.,]/.test(text.charAt(k)) && /[0-9]/.test(text.charAt(k - 1)) && /[0-9]/.test(text.charAt(k + 1)));
  const cutAt = (i) => i > 0 && i < text.length && w(i - 1) && w(i);
  return (result.snippet.startsWith('…') && cutAt(at)) ||
    (/…$/.test(result.snippet) && cutAt(at + body.length));
}

async function checkSearch(browser, base, check) {
  const guide = /\/(gpus|compare|tasks|use-cases|techniques|vram|inference|calculator|cases|articles)\//;
  for (const width of WIDTHS) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    for (const lang of LANGS) {
      let r = await searchFor(page, base, lang, '4090');
      check(`buyer ${lang} ${width}px: "4090" starts with the RTX 4090 page, then its comparisons`,
        r.length > 2 && /gpus\/rtx-4090\/$/.test(r[0].href) && /compare\/.*rtx-4090/.test(r[1].href),
        r.slice(0, 4).map((x) => x.href).join(' '));
      // the comparisons, alike in score, come richest first (index.json's held)
      const held = await docHeld(page, base, lang);
      const pairs = r.filter((x) => /compare\/.*rtx-4090/.test(x.href)).map((x) => held.get(x.href.replace(/^\.\.\//, '')));
      check(`buyer ${lang} ${width}px: "4090" lists its comparisons by how much each holds`,
        pairs.length > 2 && pairs.every((h, i) => i === 0 || h <= pairs[i - 1]) && pairs[0] > pairs[pairs.length - 1],
        pairs.join(' '));
      const firstData = r.findIndex((x) => /\/(data|sources|health|methodology)\//.test(x.href));
      const lastGuide = r.map((x) => guide.test(x.href)).lastIndexOf(true);
      check(`buyer ${lang} ${width}px: "4090" lists every guide page before any data page`,
        firstData < 0 || lastGuide < firstData, `first data ${firstData}, last guide ${lastGuide}`);
      const header = r.find((x) => /\b(name_en|name_zh|gpu_id|usd_per_hour)\b/.test(x.snippet));
      check(`buyer ${lang} ${width}px: no "4090" snippet is a table's column names`, !header,
        header && header.snippet);
      // a snippet is cut between words, never inside one or inside a number
      // ("$7.2 …" of "$7.20"): each cut is held against the page's text
      const docs = await docTexts(page, base, lang);
      for (const q of ['4090', 'A100', 'SDXL', 'H100', lang === 'zh' ? '显存' : 'price']) {
        const bad = (await searchFor(page, base, lang, q)).find((x) => cutInside(x, docs));
        check(`buyer ${lang} ${width}px: no "${q}" snippet is cut inside a word or number`, !bad,
          bad && bad.snippet);
      }
      const vram = lang === 'zh' ? '显存' : 'VRAM';
      r = await searchFor(page, base, lang, vram);
      check(`buyer ${lang} ${width}px: "${vram}" puts a guide page first`,
        r.length > 0 && guide.test(r[0].href), r.slice(0, 3).map((x) => x.href).join(' '));
    }
    await ctx.close();
  }
}

// At 390 px the GPU list's price columns are inside the viewport.
async function checkPhone(browser, base, check) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  for (const lang of LANGS) {
    await page.goto(`${base}/${lang}/gpus/`, { waitUntil: 'load' });
    const out = await page.evaluate(() => {
      const heads = [...document.querySelectorAll('#gpu-table thead th')];
      const rent = heads.findIndex((h) => h.getAttribute('data-col') === 'rent');
      const cols = [rent, rent + 1];
      const bad = [];
      for (const tr of document.querySelectorAll('#gpu-table tbody tr')) {
        for (const c of cols) {
          const b = tr.cells[c].getBoundingClientRect();
          if (b.right > window.innerWidth || b.left < 0) bad.push(`${tr.getAttribute('data-gpu')}: ${Math.round(b.left)}-${Math.round(b.right)}`);
        }
      }
      return { rent, bad };
    });
    const complete = await page.locator('#gpu-table tbody td.complete').allTextContents();
    check(`buyer ${lang} 390px: the GPU list says how complete each card's data is`,
      complete.length > 0 && complete.every((t) => /\d/.test(t)), complete.join(' | '));
    check(`buyer ${lang} 390px: the GPU list's prices are inside the viewport`,
      out.rent > 0 && out.bad.length === 0, out.bad.join(', '));
    // a source's title is never squeezed into a narrow column
    for (const rel of ['gpus/rtx-4090/', 'inference/']) {
      await page.goto(`${base}/${lang}/${rel}`, { waitUntil: 'load' });
      const narrow = await page.evaluate(() => [...document.querySelectorAll('main td.src')]
        .filter((td) => td.textContent.trim().length > 20 && td.getBoundingClientRect().width < 180)
        .map((td) => `${Math.round(td.getBoundingClientRect().width)}px: ${td.textContent.slice(0, 40)}`));
      const cells = await page.locator('main td.src').count();
      check(`buyer ${lang} 390px: ${rel} source titles and quotes are never in a narrow column`,
        cells > 0 && narrow.length === 0, narrow.join('\n'));
    }
    // the VRAM table: every column can be reached (scrolled) and its first
    // column stays readable
    await page.goto(`${base}/${lang}/vram/`, { waitUntil: 'load' });
    const vram = await page.evaluate(() => {
      const t = document.querySelector('main table');
      const wrap = t && t.closest('.table-wrap');
      const th = t && t.querySelector('tbody th');
      return { scrolls: !!wrap && getComputedStyle(wrap).overflowX !== 'visible',
        first: th ? th.getBoundingClientRect().width : 0, page: document.documentElement.scrollWidth };
    });
    check(`buyer ${lang} 390px: the VRAM table scrolls inside its frame, the page does not`,
      vram.scrolls && vram.page <= 390 && vram.first > 40, JSON.stringify(vram));
  }
  await ctx.close();
}

export async function checkBuyer(browser, base, check, root) {
  await checkPages(browser, base, check, root);
  await checkNavigation(browser, base, check);
  await checkSearch(browser, base, check);
  await checkPhone(browser, base, check);
}

// Alone: node tests/browser/buyer.mjs
if (isMain(import.meta.url)) {
  await runAlone('buyer', (browser, base, check) =>
    checkBuyer(browser, base, check, process.cwd()));
}
