#!/usr/bin/env python3
"""Copy a gpuguide corpus's articles into a Hugo content tree.

    bench/hugo/convert.py CORPUS HUGO_SITE

Writes HUGO_SITE/content/<lang>/articles/<file>.md for each
CORPUS/content/<lang>/*.md: the same Markdown body, with the front matter
rewritten as YAML Hugo reads (strings quoted, tags as a list, translation as
translationKey) and every shortcode replaced by plain text (its values), since
Hugo cannot resolve gpuguide's shortcodes. Standard library only.
"""
import json
import os
import re
import shutil
import sys

SHORTCODE = re.compile(r"\{\{<\s*([a-z-]+)((?:[^>]|>(?!\}\}))*)>\}\}")
ARG = re.compile(r'([a-z_]+)=("[^"]*"|\S+)')
SECTION_TITLE = {"en": "Articles", "zh": "文章"}


def plain(m):
    vals = [v.strip('"') for _, v in ARG.findall(m.group(2))]
    return " ".join([m.group(1)] + vals)


def convert(src, dst):
    text = open(src, encoding="utf-8").read()
    if not text.startswith("---\n"):
        raise SystemExit(f"{src}: no front matter")
    end = text.index("\n---\n", 4)
    fm = {}
    for line in text[4:end].split("\n"):
        k, _, v = line.partition(":")
        fm[k.strip()] = v.strip()
    body = SHORTCODE.sub(plain, text[end + 5:])
    out = ["---"]
    for k in ("title", "description", "date", "slug"):
        if k in fm:
            out.append(f"{k}: {json.dumps(fm[k], ensure_ascii=False)}")
    if fm.get("translation"):
        out.append(f"translationKey: {json.dumps(fm['translation'])}")
    if fm.get("tags"):
        tags = [t.strip() for t in fm["tags"].split(",") if t.strip()]
        out.append(f"tags: {json.dumps(tags, ensure_ascii=False)}")
    if fm.get("draft") == "true":
        out.append("draft: true")
    out.append("---")
    with open(dst, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n" + body)


def main():
    corpus, site = sys.argv[1], sys.argv[2]
    content = os.path.join(site, "content")
    if os.path.exists(content):
        shutil.rmtree(content)
    n = 0
    for lang in ("en", "zh"):
        src_dir = os.path.join(corpus, "content", lang)
        dst_dir = os.path.join(content, lang, "articles")
        os.makedirs(dst_dir)
        with open(os.path.join(dst_dir, "_index.md"), "w", encoding="utf-8") as f:
            f.write(f"---\ntitle: {json.dumps(SECTION_TITLE[lang], ensure_ascii=False)}\n---\n")
        for name in sorted(os.listdir(src_dir)):
            if name.endswith(".md"):
                convert(os.path.join(src_dir, name), os.path.join(dst_dir, name))
                n += 1
    print(f"hugo content: {n} articles in {content}", file=sys.stderr)


if __name__ == "__main__":
    main()
