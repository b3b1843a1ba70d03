#!/usr/bin/env python3
"""Generate a synthetic gpuguide project for benchmarks.

    bench/corpus.py OUTDIR --articles N --gpus G [--seed S] [--src REPO]

OUTDIR receives:
  content/en/*.md, content/zh/*.md  N articles per language, 4-6 KB of Markdown
      each (front matter as in content/en/*.md; headings, lists, links, emphasis,
      code blocks; real Chinese text in the Chinese ones) with a few inline
      shortcodes that cite the generated data;
  data/*.csv      the real data/ plus synthetic GPUs synth-001... (G GPUs in all)
      with specs, prices, results and task times, so every table stays valid;
  templates/      a copy of the real templates/.

Standard library only; the same arguments always give the same bytes.
"""

import argparse
import csv
import datetime
import io
import os
import random
import re
import shutil
import sys

# ---------------------------------------------------------------- word banks

EN_TOPICS = [
    ("lora", "LoRA fine-tuning"), ("qlora", "QLoRA on a budget"),
    ("inference", "serving models"), ("pretraining", "training from scratch"),
    ("vram", "fitting models in memory"), ("multi-gpu", "multi-GPU training"),
    ("renting", "renting GPUs by the hour"), ("buying", "buying a workstation card"),
    ("diffusion", "training diffusion models"), ("vision", "computer vision jobs"),
    ("llm", "large language models"), ("spot", "spot instances"),
    ("power", "power and cooling"), ("precision", "mixed precision"),
    ("batching", "batch size tuning"), ("checkpointing", "gradient checkpointing"),
]
EN_TAGS = ["training", "inference", "cost", "lora", "vram", "techniques",
           "datacenter", "consumer", "renting", "benchmarks", "llm", "vision"]
EN_SUBJ = ["The card", "A consumer GPU", "A datacenter accelerator", "The older model",
           "A rented instance", "Each node", "The cheaper option", "A single GPU",
           "The memory bus", "The tensor cores", "Our test rig", "The training loop",
           "A small team", "The optimizer state", "The data loader", "A quantized model"]
EN_VERB = ["keeps up with", "falls behind", "pays for", "runs out of", "makes up for",
           "doubles", "halves", "saturates", "hides", "dominates", "limits",
           "changes", "undercuts", "outlasts", "trades away", "wastes"]
EN_OBJ = ["most of the memory bandwidth", "the bill for a week-long run",
          "the gap on transformer workloads", "the cost of a failed job",
          "half of the wall-clock time", "the activations of a 7B model",
          "the throughput of the whole cluster", "every spare gigabyte of VRAM",
          "the price difference within a month", "the step time at batch size 4",
          "the overhead of checkpointing", "the speed of the PCIe link",
          "the budget of a hobby project", "the latency of a single request"]
EN_TAIL = ["in practice", "on paper", "for most teams", "when prices drop",
           "at this scale", "once the job is long enough", "under sustained load",
           "if you rent by the hour", "for fine-tuning", "with FP16 enabled",
           "on a good day", "by a wide margin", "more often than expected",
           "after the first epoch"]
EN_CONN = ["However,", "In short,", "Still,", "As a rule,", "On the other hand,",
           "Put simply,", "For this reason,", "In our runs,", "Surprisingly,",
           "Unsurprisingly,"]
EN_HEADINGS = ["Why it matters", "What the numbers say", "A worked example",
               "Memory first", "Speed versus cost", "Renting or buying",
               "Common mistakes", "Setting up the job", "When to scale out",
               "Where the time goes", "Checklist", "Measuring it yourself",
               "The hidden costs", "A note on precision", "What we would pick"]

ZH_TOPICS = ["LoRA 微调", "QLoRA 省显存", "推理部署", "从头训练", "显存估算",
             "多卡并行", "按小时租卡", "工作站选购", "扩散模型训练", "计算机视觉",
             "大语言模型", "抢占式实例", "功耗与散热", "混合精度", "批大小调优",
             "梯度检查点"]
ZH_SUBJ = ["这块显卡", "消费级显卡", "数据中心加速卡", "上一代型号", "租来的实例",
           "每个节点", "便宜的方案", "单张 GPU", "显存带宽", "张量核心", "我们的测试机",
           "训练循环", "小团队", "优化器状态", "数据加载器", "量化后的模型", "云服务商",
           "混合精度训练", "梯度累积", "分布式训练框架"]
ZH_VERB = ["跟得上", "明显落后于", "足以覆盖", "很快耗尽", "弥补了", "翻倍提升了",
           "减半了", "吃满了", "掩盖了", "主导了", "限制了", "改变了", "压低了",
           "拖慢了", "节省了", "浪费了"]
ZH_OBJ = ["大部分显存带宽", "一周训练任务的账单", "Transformer 负载上的差距",
          "一次失败任务的成本", "一半的训练时间", "7B 模型的激活值",
          "整个集群的吞吐量", "每一 GB 空闲显存", "一个月内的价差",
          "批大小为 4 时的单步耗时", "保存检查点的开销", "PCIe 链路的速度",
          "个人项目的预算", "单次请求的延迟", "模型权重的加载时间", "多卡通信的开销"]
ZH_TAIL = ["在实际使用中", "从纸面参数看", "对大多数团队来说", "在价格下调之后",
           "在这个规模下", "只要任务足够长", "在持续满载时", "如果按小时计费",
           "在微调场景中", "开启 FP16 之后", "在大多数情况下", "在我们的测试里"]
ZH_CONN = ["不过，", "简单来说，", "需要注意的是，", "一般而言，", "另一方面，",
           "换句话说，", "正因为如此，", "实测下来，", "出乎意料的是，", "总的来看，"]
ZH_HEADINGS = ["为什么重要", "数据怎么说", "一个实际例子", "先看显存", "速度与成本",
               "租还是买", "常见误区", "任务配置", "何时扩展到多卡", "时间花在哪里",
               "检查清单", "自己动手测量", "隐藏成本", "关于精度", "我们的推荐"]

CODE_BLOCKS = [
    ("bash", "nvidia-smi --query-gpu=name,memory.used,memory.total --format=csv\n"
             "watch -n 1 nvidia-smi\n"),
    ("python", "import torch\n\nmodel = model.half().cuda()\n"
               "scaler = torch.cuda.amp.GradScaler()\nwith torch.autocast(\"cuda\"):\n"
               "    loss = model(batch).loss\nscaler.scale(loss).backward()\n"),
    ("python", "from peft import LoraConfig, get_peft_model\n\n"
               "config = LoraConfig(r=16, lora_alpha=32, target_modules=[\"q_proj\", \"v_proj\"])\n"
               "model = get_peft_model(model, config)\nmodel.print_trainable_parameters()\n"),
    ("bash", "accelerate launch --num_processes 2 --mixed_precision bf16 train.py \\\n"
             "    --batch_size 8 --gradient_accumulation_steps 4\n"),
    ("yaml", "compute:\n  gpu: 1\n  hours: 12\n  precision: bf16\n"
             "checkpoint_every: 500\n"),
]

EXT_LINKS = ["https://pytorch.org/docs/stable/amp.html",
             "https://huggingface.co/docs/peft/index",
             "https://docs.nvidia.com/deeplearning/performance/index.html",
             "https://arxiv.org/abs/2106.09685", "https://arxiv.org/abs/2305.14314",
             "https://github.com/Dao-AILab/flash-attention"]
REL_LINKS = ["../training-guide/", "../how-to-choose/", "../../gpus/", "../../vram/"]


# ---------------------------------------------------------------- data

def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    return rows[0], [dict(zip(rows[0], r)) for r in rows[1:]]


def append_rows(path, header, rows):
    """Append dict rows in the header's column order (RFC 4180, LF ends like the
    real files)."""
    with open(path, "a", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        for r in rows:
            w.writerow([r.get(c, "") for c in header])


def num(x, nd=2):
    s = f"{x:.{nd}f}".rstrip("0").rstrip(".")
    return s if s else "0"


def synth_data(rnd, data_dir, ngpus):
    """Adds synthetic GPUs until gpus.csv has `ngpus` rows; returns the pools of
    GPUs/pairs that articles may cite without hitting 'no data'."""
    gh, gpus = read_csv(os.path.join(data_dir, "gpus.csv"))
    ph, prices = read_csv(os.path.join(data_dir, "prices.csv"))
    rh, results = read_csv(os.path.join(data_dir, "results.csv"))
    bh, benches = read_csv(os.path.join(data_dir, "benchmarks.csv"))
    th, ttimes = read_csv(os.path.join(data_dir, "task_times.csv"))
    _, tasks = read_csv(os.path.join(data_dir, "tasks.csv"))

    new_gpus, new_prices, new_results, new_times = [], [], [], []
    nsynth = max(0, ngpus - len(gpus))
    for i in range(1, nsynth + 1):
        gid = f"synth-{i:03d}"
        seg = rnd.choice(["datacenter", "workstation", "consumer"])
        vram = rnd.choice([8, 12, 16, 24, 32, 48, 64, 80, 96, 128, 141, 192])
        fp16 = rnd.randint(40, 1200)
        pmin = rnd.randint(4, 400) * 100
        new_gpus.append({
            "id": gid, "name": f"Synth {i:03d} {vram}GB", "segment": seg,
            "vram_gb": str(vram), "memory_type": rnd.choice(["GDDR6", "GDDR6X", "HBM2e", "HBM3"]),
            "bandwidth_gbs": str(rnd.randint(300, 4800)), "fp16_tflops": str(fp16),
            "fp32_tflops": str(max(1, fp16 // 2)), "tensor_core_gen": str(rnd.randint(2, 5)),
            "fp8": rnd.choice(["yes", "no"]), "nvlink_gbs": str(rnd.choice([0, 300, 600, 900])),
            "pcie_gbs": str(rnd.choice([32, 64, 128])), "tdp_w": str(rnd.randint(15, 70) * 10),
            "price_usd_min": str(pmin), "price_usd_max": str(pmin + rnd.randint(0, 50) * 100),
            "source": "training-guide-en",
            "notes_en": "Synthetic GPU for benchmarks.", "notes_zh": "用于基准测试的虚构显卡。",
        })
        base = rnd.uniform(0.15, 4.0)
        for k, (prov, kind) in enumerate([("Synth Cloud", "on-demand"), ("Spot Market", "spot"),
                                          ("Reserved Co", "reserved")][:rnd.randint(1, 3)]):
            new_prices.append({"gpu_id": gid, "provider": prov,
                               "usd_per_hour": num(base * (1, 0.55, 0.7)[k]), "kind": kind,
                               "as_of": "2026-10-01", "source": "training-guide-en"})
        speed = rnd.uniform(0.05, 0.95)
        for b in benches:
            src = b["source"].split(";")[0]
            kind = b["kind"]
            if kind == "relative-speed":
                v = num(speed * rnd.uniform(0.9, 1.1), 3)
            elif kind == "inference-throughput":
                v = num(rnd.uniform(20, 1500), 0)
            elif kind == "inference-latency":
                v = num(rnd.uniform(20, 200), 0)
            elif kind == "training-step":
                v = num(rnd.uniform(0.3, 3.0), 2)
            else:
                v = num(rnd.uniform(0.3, 4.0), 2)
            new_results.append({"benchmark_id": b["id"], "gpu_id": gid, "value": v,
                                "source": src})
        for t in tasks:
            new_times.append({"task_id": t["id"], "gpu_id": gid,
                              "hours": num(rnd.uniform(0.2, 80) * (1.2 - speed), 2),
                              "source": t["source"].split(";")[0]})

    append_rows(os.path.join(data_dir, "gpus.csv"), gh, new_gpus)
    append_rows(os.path.join(data_dir, "prices.csv"), ph, new_prices)
    append_rows(os.path.join(data_dir, "results.csv"), rh, new_results)
    append_rows(os.path.join(data_dir, "task_times.csv"), th, new_times)

    gpus += new_gpus
    prices += new_prices
    results += new_results
    ttimes += new_times
    priced = sorted({p["gpu_id"] for p in prices if p["kind"] == "on-demand"})
    vram = sorted(g["id"] for g in gpus if g.get("vram_gb"))
    timed = sorted({(t["task_id"], t["gpu_id"]) for t in ttimes})
    costed = [tg for tg in timed if tg[1] in set(priced)]
    rel = sorted({(r["benchmark_id"], r["gpu_id"]) for r in results
                  if r["benchmark_id"] == "rel-gpt2"})
    return {
        "all": [g["id"] for g in gpus], "priced": priced, "vram": vram, "timed": timed,
        "costed": costed, "rel": [g for _, g in rel], "tasks": [t["id"] for t in tasks],
    }


# How a cited figure is worked into a sentence, per shortcode kind.
SC_PHRASE = {
    "price": (" that rents from {}", "，租金低至 {}"),
    "link": (" (compare the {})", "（可对比 {}）"),
    "gpu": (" with {} of memory", "，显存为 {}"),
    "hours": (" in about {}", "，耗时约 {}"),
    "cost": (" for about {}", "，花费约 {}"),
    "ratio": (", running {} as fast", "，速度是对方的 {}"),
    "linktask": (" (see {})", "（见 {}）"),
}


def shortcode(rnd, pools):
    """Returns (kind, shortcode text) citing data that exists."""
    kind = rnd.choice(list(SC_PHRASE))
    if kind == "price":
        return kind, f"{{{{< price gpu={rnd.choice(pools['priced'])} >}}}}"
    if kind == "link":
        return kind, f"{{{{< link gpu={rnd.choice(pools['all'])} >}}}}"
    if kind == "gpu":
        return kind, f"{{{{< gpu id={rnd.choice(pools['vram'])} field=vram_gb >}}}}"
    if kind == "hours":
        t, g = rnd.choice(pools["timed"])
        return kind, f"{{{{< hours task={t} gpu={g} >}}}}"
    if kind == "cost":
        t, g = rnd.choice(pools["costed"])
        return kind, f"{{{{< cost task={t} gpu={g} >}}}}"
    if kind == "ratio":
        a, b = rnd.sample(pools["rel"], 2)
        return kind, f"{{{{< ratio benchmark=rel-gpt2 a={a} b={b} >}}}}"
    return kind, f"{{{{< link task={rnd.choice(pools['tasks'])} >}}}}"


def cite_phrase(kind, text, zh):
    return SC_PHRASE[kind][1 if zh else 0].format(text)


# ---------------------------------------------------------------- articles

class Writer:
    """Builds one article body; `sc_left` shortcodes are sprinkled in."""

    def __init__(self, rnd, pools, zh):
        self.rnd, self.pools, self.zh = rnd, pools, zh
        self.sc_left = rnd.randint(3, 6)
        self.parts = []

    def maybe_sc(self, p=0.35):
        """A phrase citing data, or "" (while shortcodes are left to place)."""
        if self.sc_left > 0 and self.rnd.random() < p:
            self.sc_left -= 1
            return cite_phrase(*shortcode(self.rnd, self.pools), self.zh)
        return ""

    def en_sentence(self):
        r = self.rnd
        s = f"{r.choice(EN_SUBJ)} {r.choice(EN_VERB)} {r.choice(EN_OBJ)} {r.choice(EN_TAIL)}."
        if r.random() < 0.25:
            s = f"{r.choice(EN_CONN)} {s[0].lower()}{s[1:]}"
        x = r.random()
        if x < 0.10:
            words = s.split(" ")
            long = [k for k in range(1, len(words)) if len(words[k]) > 4] or [len(words) - 1]
            i = r.choice(long)
            words[i] = f"*{words[i].rstrip('.')}*" + ("." if words[i].endswith(".") else "")
            s = " ".join(words)
        elif x < 0.16:
            s = s[:-1] + f", as the [documentation]({r.choice(EXT_LINKS)}) explains."
        elif x < 0.20:
            s = s[:-1] + f" (see [the guide]({r.choice(REL_LINKS)}))."
        elif x < 0.25:
            s = s[:-1] + f", set by `{r.choice(['batch_size', 'lr', 'bf16', 'CUDA_VISIBLE_DEVICES'])}`."
        return s[:-1] + self.maybe_sc(0.12) + "."

    def zh_sentence(self):
        r = self.rnd
        s = f"{r.choice(ZH_TAIL)}，{r.choice(ZH_SUBJ)}{r.choice(ZH_VERB)}{r.choice(ZH_OBJ)}"
        if r.random() < 0.3:
            s = r.choice(ZH_CONN) + s
        x = r.random()
        if x < 0.10:
            s += f"，**{r.choice(ZH_OBJ)}**尤其关键"
        elif x < 0.16:
            s += f"，详见[官方文档]({r.choice(EXT_LINKS)})"
        elif x < 0.20:
            s += f"（参见[选购指南]({r.choice(REL_LINKS)})）"
        elif x < 0.25:
            s += f"，对应参数是 `{r.choice(['batch_size', 'lr', 'bf16', 'CUDA_VISIBLE_DEVICES'])}`"
        return s + self.maybe_sc(0.12) + "。"

    def sentence(self):
        return self.zh_sentence() if self.zh else self.en_sentence()

    def paragraph(self):
        r = self.rnd
        sents = [self.sentence() for _ in range(r.randint(3, 6))]
        if self.zh:
            return "".join(sents)
        # wrap English lines near 90 columns like the real articles, never
        # inside a shortcode (its spaces are protected while wrapping)
        text, line, out = " ".join(sents), "", []
        text = re.sub(r"\{\{<.*?>\}\}", lambda m: m.group(0).replace(" ", "\0"), text)
        for w in text.split(" "):
            if line and len(line) + 1 + len(w) > 90:
                out.append(line)
                line = w
            else:
                line = f"{line} {w}" if line else w
        out.append(line)
        return "\n".join(out).replace("\0", " ")

    def a_list(self):
        r = self.rnd
        numbered = r.random() < 0.4
        items = []
        for i in range(r.randint(3, 5)):
            if self.zh:
                body = f"**{r.choice(ZH_SUBJ)}**：{self.zh_sentence()}"
            else:
                body = f"**{r.choice(EN_SUBJ).split(' ', 1)[1].capitalize()}.** {self.en_sentence()}"
            items.append(f"{i + 1}. {body}" if numbered else f"- {body}")
        return "\n".join(items)

    def code(self):
        lang, src = self.rnd.choice(CODE_BLOCKS)
        return f"```{lang}\n{src}```"

    def section(self):
        r = self.rnd
        head = r.choice(ZH_HEADINGS if self.zh else EN_HEADINGS)
        level = "###" if r.random() < 0.25 else "##"
        out = [f"{level} {head}", self.paragraph()]
        if r.random() < 0.6:
            out.append(self.a_list())
        if r.random() < 0.35:
            out.append(self.code())
        if r.random() < 0.5:
            out.append(self.paragraph())
        return out

    def body(self, lo, hi):
        """Sections are added until the body is between lo and hi bytes (a
        section that overshoots hi is drawn again)."""
        self.parts = [self.paragraph()]
        size = len(self.parts[0].encode())
        tries = 0
        while size < lo:
            sec = self.section()
            grow = sum(len(p.encode()) + 2 for p in sec)
            if size + grow > hi and tries < 20:
                tries += 1
                continue
            self.parts += sec
            size += grow
        # any shortcodes not placed yet go into a closing paragraph
        tail = []
        while self.sc_left > 0:
            self.sc_left -= 1
            _, sc = shortcode(self.rnd, self.pools)
            tail.append(f"参考：{sc}。" if self.zh else f"See also {sc}.")
        if tail:
            self.parts.append(("" if self.zh else " ").join(tail))
        return "\n\n".join(self.parts) + "\n"


def article(rnd, pools, i, zh, slug, date, tags, topic_en, topic_zh):
    w = Writer(rnd, pools, zh)
    if zh:
        title = f"{topic_zh}实战笔记（第 {i} 篇）"
        desc = f"围绕{topic_zh}的显卡选择、耗时与成本分析，附可复现的配置。"
    else:
        title = f"Notes on {topic_en}, part {i}"
        desc = f"GPU choice, job times and costs for {topic_en}, with a setup you can reproduce."
    lo = rnd.randint(4096, 5600) - 300  # front matter and closing line ~300 bytes
    body = w.body(lo, 6144 - 300)
    fm = (f"---\ntitle: {title}\ndescription: {desc}\ndate: {date}\nslug: {slug}\n"
          f"translation: {slug}\ntags: {', '.join(tags)}\n---\n\n")
    return fm + body


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("outdir")
    ap.add_argument("--articles", "-n", type=int, required=True, help="articles per language")
    ap.add_argument("--gpus", "-g", type=int, default=10, help="GPUs in data/gpus.csv")
    ap.add_argument("--seed", type=int, default=20261120)
    ap.add_argument("--src", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."),
                    help="repository to copy data/ and templates/ from")
    args = ap.parse_args()

    out = args.outdir
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "content", "en"))
    os.makedirs(os.path.join(out, "content", "zh"))
    shutil.copytree(os.path.join(args.src, "data"), os.path.join(out, "data"))
    shutil.copytree(os.path.join(args.src, "templates"), os.path.join(out, "templates"))

    rnd = random.Random(args.seed)
    pools = synth_data(rnd, os.path.join(out, "data"), args.gpus)
    day0 = datetime.date(2020, 1, 1)
    total = 0
    for i in range(1, args.articles + 1):
        t = rnd.randrange(len(EN_TOPICS))
        slug = f"{EN_TOPICS[t][0]}-{i:05d}"
        date = (day0 + datetime.timedelta(days=rnd.randrange(2500))).isoformat()
        tags = rnd.sample(EN_TAGS, rnd.randint(2, 4))
        for lang, zh in (("en", False), ("zh", True)):
            text = article(rnd, pools, i, zh, slug, date, tags, EN_TOPICS[t][1], ZH_TOPICS[t])
            path = os.path.join(out, "content", lang, f"{slug}.md")
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            total += len(text.encode())
    print(f"corpus: {out}: {args.articles} articles per language, "
          f"{len(pools['all'])} GPUs, {total / 1024 / 1024:.1f} MiB of Markdown", file=sys.stderr)


if __name__ == "__main__":
    main()
