#!/usr/bin/env python3
"""Code-level mutation testing of the model (issue 13, item 6).

The built-in mutants are rulesets; this measures what the knobs cannot
express: wrong code. It copies the checkout to WORK, builds battlecheck there
(Release), then applies one mutant at a time to model/*.cpp -- a relational,
logical or arithmetic operator swapped, a small constant changed, a condition
negated, a statement deleted -- rebuilds incrementally and runs the kill
commands: `check` over every shipped scenario and a bounded `random` run. A
mutant is killed when any command's exit code, state count or property
verdicts differ from the unmutated build's, or it crashes or times out; a
mutant that does not compile is stillborn and not counted. The score is
killed / (killed + survived); survivors are listed with their site.

Usage: bench/mutation.py [--work DIR] [--limit N] [--seed S] [--files GLOB] [--json]
Not part of ci/test or .ci/run (minutes to hours); figures in bench/README.md.
"""
import argparse
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Binary operators swapped where they stand between blanks: (kind, from, to).
SWAPS = [("rel", "<=", "<"), ("rel", "<", "<="), ("rel", ">=", ">"), ("rel", ">", ">="), ("rel", "==", "!="),
         ("rel", "!=", "=="), ("logic", "&&", "||"), ("logic", "||", "&&"), ("arith", "+", "-"), ("arith", "-", "+")]
# (name, pattern, replacement): each match of pattern on a line is one mutant site.
OPERATORS = [(f"{kind} {old} to {new}", r"(?<=\s)" + re.escape(old) + r"(?=\s)", new) for kind, old, new in SWAPS] + [
    ("const 0 to 1", r"(?<![\w.])0(?![\w.'])", "1"),
    ("const 1 to 0", r"(?<![\w.])1(?![\w.'])", "0"),
    ("negate if", r"\bif \((.*)\)(?= \{$| return| continue| break|$)", r"if (!(\1))"),
]
SKIP_LINE = re.compile(r"^\s*(//|/\*|\*|#|static_assert|namespace|using|template|case |default:)")
DELETABLE = re.compile(r"^\s+[\w:.\[\]()>-]+(\(.*\)|\s*[-+*|&]?=\s*.+|\+\+|--);\s*$")


def sites(path):
    """Every (line index, operator name, mutated line) of one source file."""
    out = []
    lines = open(path, encoding="utf-8").read().split("\n")
    for n, line in enumerate(lines):
        code = line.split("//")[0]
        if SKIP_LINE.match(line) or '"' in code:
            continue
        for name, pattern, repl in OPERATORS:
            for m in re.finditer(pattern, code):
                mutated = code[: m.start()] + m.expand(repl) + code[m.end():]
                out.append((n, name, mutated + line[len(code):]))
        if DELETABLE.match(code) and not re.match(r"^\s+(return|const|auto|int|bool|std::)", code):
            out.append((n, "delete statement", "// " + line))
    return lines, out


def run(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def observe(binary, src, timeout):
    """What the kill commands say: per command, exit code, state count and verdicts."""
    seen = []
    for scenario in sorted(glob.glob(os.path.join(src, "scenarios", "*.toml"))):
        if "bench-large" in scenario:
            continue  # 2 s a run, no rule the others miss
        code, out, _ = run([binary, "check", "--scenario", scenario, "--no-liveness", "--json", "--out",
                            os.path.join(src, "mutation-out"), "--force"], src, timeout)
        try:
            doc = json.loads(out)
            verdicts = [(p.get("id"), p.get("verdict")) for p in doc.get("properties", [])]
            seen.append((os.path.basename(scenario), code, doc["stats"]["states"], verdicts))
        except (ValueError, KeyError, TypeError):
            seen.append((os.path.basename(scenario), code, None, None))
    code, out, _ = run([binary, "random", "--runs", "300", "--seed", "7"], src, timeout)
    seen.append(("random", code, None, out.count("VIOLATED")))
    return seen


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", default="/tmp/bc-mutation")
    ap.add_argument("--limit", type=int, default=0, help="mutants to try (0 = all), sampled by --seed")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--files", default="model/*.cpp")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per command")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    src = os.path.join(args.work, "src")
    build = os.path.join(args.work, "build")
    if not os.path.isdir(src):
        files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
        for f in files:
            os.makedirs(os.path.dirname(os.path.join(src, f)) or src, exist_ok=True)
            shutil.copy2(os.path.join(ROOT, f), os.path.join(src, f))
    subprocess.run(["cmake", "-S", src, "-B", build, "-DCMAKE_BUILD_TYPE=Release"], check=True, capture_output=True)
    make = ["make", "-C", build, "-j2", "battlecheck"]
    subprocess.run(make, check=True, capture_output=True)
    binary = os.path.join(build, "battlecheck")
    baseline = observe(binary, src, args.timeout)

    all_sites = []
    for path in sorted(glob.glob(os.path.join(src, args.files))):
        lines, found = sites(path)
        all_sites += [(path, n, name, mutated) for n, name, mutated in found]
    rng = random.Random(args.seed)
    chosen = rng.sample(all_sites, args.limit) if 0 < args.limit < len(all_sites) else all_sites
    killed, survived, stillborn = [], [], 0
    for k, (path, n, name, mutated) in enumerate(chosen, 1):
        status = "stillborn"
        original = open(path, encoding="utf-8").read()
        lines = original.split("\n")
        where = f"{os.path.relpath(path, src)}:{n + 1}"
        lines[n] = mutated
        try:
            open(path, "w", encoding="utf-8").write("\n".join(lines))
            if subprocess.run(make, capture_output=True).returncode != 0:
                stillborn += 1
            else:
                seen = observe(binary, src, args.timeout)
                status = "survived" if seen == baseline else "killed"
                row = {"site": where, "operator": name, "line": mutated.strip()}
                (survived if status == "survived" else killed).append(row)
        finally:
            open(path, "w", encoding="utf-8").write(original)
        print(f"mutation: {k}/{len(chosen)} {where} {name}: {status}", file=sys.stderr)
    subprocess.run(make, capture_output=True)  # leave the work build unmutated
    total = len(killed) + len(survived)
    score = len(killed) / total if total else 0.0
    if args.json:
        print(json.dumps({"sites": len(all_sites), "tried": len(chosen), "stillborn": stillborn, "killed": len(killed),
                          "survived": survived, "score": score}, indent=2))
    else:
        print(f"sites {len(all_sites)}, tried {len(chosen)}, stillborn {stillborn}, "
              f"killed {len(killed)}, survived {len(survived)}, score {100 * score:.1f}%")
        for s in survived:
            print(f"  survivor {s['site']} [{s['operator']}]: {s['line']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
