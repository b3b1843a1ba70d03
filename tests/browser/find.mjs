// Issue 18 in the browser: search, the GPU pair picker, the GPU list's
// filters and the calculator, at 390 px in both languages, with and without
// JavaScript, and with untrusted query strings.
//
//   checkFind(browser, base, check, site)   (called by browser.mjs)
//   node tests/browser/find.mjs             (alone: SITE=dir, after a build)
import fs from 'node:fs';
import path from 'node:path';

const PHONE = { width: 390, height: 844 };

async function phone(browser, js = true) {
  return browser.newContext({ viewport: PHONE, javaScriptEnabled: js });
}

// Errors and dialogs of a page, collected while a test uses it.
function watch(page) {
  const w = { errors: [], dialogs: 0 };
  page.on('pageerror', (e) => w.errors.push(`uncaught: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && !/favicon/.test(m.location().url)) w.errors.push(`${m.text()} ${m.location().url}`); });
  page.on('dialog', async (d) => { w.dialogs++; await d.dismiss(); });
  return w;
}

async function results(page) {
  await page.waitForFunction(() => {
    const s = document.getElementById('search-status');
    return s && s.textContent && !/…|……/.test(s.textContent);
  }, null, { timeout: 5000 }).catch(() => {});
  return page.locator('#search-results > li > a').evaluateAll((as) =>
    as.map((a) => ({ text: a.textContent, href: a.getAttribute('href') })));
}

async function searchFor(page, base, lang, q) {
  await page.goto(`${base}/${lang}/search/?q=${encodeURIComponent(q)}`, { waitUntil: 'load' });
  return results(page);
}

async function checkSearch(browser, base, check) {
  const ctx = await phone(browser);
  const page = await ctx.newPage();
  const w = watch(page);

  let r = await searchFor(page, base, 'en', '4090');
  check('search en ?q=4090: the RTX 4090 page comes first',
    r.length > 0 && r[0].href === '../gpus/rtx-4090/', JSON.stringify(r.slice(0, 3)));
  const marks = await page.locator('#search-results mark').count();
  check('search en ?q=4090: the match is marked', marks > 0, `${marks} marks`);

  r = await searchFor(page, base, 'en', 'lor');
  check('search en: a word prefix ("lor") finds LoRA pages',
    r.some((x) => /LoRA/.test(x.text)), JSON.stringify(r.slice(0, 5)));

  r = await searchFor(page, base, 'zh', '显存');
  check('search zh ?q=显存: finds the VRAM page', r.some((x) => x.href === '../vram/'),
    JSON.stringify(r.slice(0, 5)));
  // "选购" sits inside the longer word "选购指南" and "如何选购"
  r = await searchFor(page, base, 'zh', '选购');
  check('search zh: a two-character substring inside a longer word (选购) finds the how-to-choose article',
    r.some((x) => x.href === '../articles/how-to-choose/'), JSON.stringify(r.slice(0, 5)));
  r = await searchFor(page, base, 'zh', '4090 显存');
  check('search zh: a mixed query ("4090 显存") finds the RTX 4090 page',
    r.some((x) => x.href === '../gpus/rtx-4090/'), JSON.stringify(r.slice(0, 5)));
  r = await searchFor(page, base, 'zh', '显');
  const short = await page.locator('#search-status').textContent();
  check('search zh: a one-character query says two characters are needed',
    r.length === 0 && /两个汉字/.test(short), short);

  const evil = '<img src=x onerror=alert(1)>';
  r = await searchFor(page, base, 'en', evil);
  await page.waitForTimeout(200);
  const st = await page.locator('#search-status').textContent();
  const imgs = await page.locator('main img').count();
  check('search en: an HTML query runs no script and is shown as typed',
    w.dialogs === 0 && imgs === 0 && st.includes(evil) &&
    (await page.locator('#search-q').inputValue()) === evil, `status "${st}", ${imgs} img, ${w.dialogs} dialogs`);

  // keyboard: type in the header box, Enter, arrow down to the first result
  await page.goto(`${base}/en/`, { waitUntil: 'load' });
  await page.locator('#site-search-q').focus();
  await page.keyboard.type('H100');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/en\/search\/\?q=H100/);
  r = await results(page);
  await page.locator('#search-q').focus();
  await page.keyboard.press('ArrowDown');
  const focused = await page.evaluate(() => document.activeElement.getAttribute('href'));
  check('search: the header box leads to results, reachable by keyboard',
    r.length > 0 && focused === r[0].href, `focused ${focused}, first ${r[0]?.href}`);
  await Promise.all([page.waitForURL(/\/en\/gpus\//), page.keyboard.press('Enter')]);
  check('search: Enter on a result opens it', !page.url().includes('/search/'), page.url());
  check('search pages: no script errors', w.errors.length === 0, w.errors.join('\n'));
  await ctx.close();

  const nojs = await phone(browser, false);
  const p2 = await nojs.newPage();
  for (const lang of ['en', 'zh']) {
    await p2.goto(`${base}/${lang}/search/?q=4090`, { waitUntil: 'load' });
    const links = await p2.locator('#search-all li a').count();
    const gpu = await p2.locator(`#search-all a[href$="/${lang}/gpus/rtx-4090/"]`).count();
    check(`search ${lang} without JS: every page listed by kind (${links} links)`,
      links > 100 && gpu === 1);
  }
  await nojs.close();
}

export async function checkFind(browser, base, check) {
  await checkSearch(browser, base, check);
}

// Alone: node tests/browser/find.mjs
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const { chromium } = await import('playwright-core');
  const http = await import('node:http');
  const SITE = path.resolve(process.env.SITE || 'site');
  const server = http.createServer((req, res) => {
    let p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let f = path.join(SITE, p);
    if (fs.existsSync(f) && fs.statSync(f).isDirectory()) f = path.join(f, 'index.html');
    if (!fs.existsSync(f)) { res.writeHead(404).end(); return; }
    const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css' };
    res.writeHead(200, { 'Content-Type': types[path.extname(f)] || 'application/octet-stream' });
    res.end(fs.readFileSync(f));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  let passed = 0, failed = 0;
  const check = (name, ok, detail) => {
    if (ok) passed++; else { failed++; console.log(`FAIL ${name}${detail ? `\n    ${detail}` : ''}`); }
    return ok;
  };
  try {
    await checkFind(browser, `http://127.0.0.1:${server.address().port}`, check);
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`find: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
