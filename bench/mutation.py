#!/usr/bin/env python3
"""Code-level mutation testing of the model (issue 13, item 6).

The built-in mutants are rulesets; this measures what the knobs cannot
express: wrong code. It copies the checkout (tracked and untracked files, not
the ignored ones; files already in WORK are updated when they differ) to WORK,
builds battlecheck there (Release), then applies one mutant at a time to the
source files --files selects -- a relational, logical or arithmetic operator
swapped, a small constant changed, a condition negated, a statement deleted --
rebuilds incrementally and runs the kill commands: `check` over every shipped
scenario, `check` of every built-in rule mutant on its scenario to its stated
counterexample length (the code of knob values mr3 does not take; the
counterexample files, events and narrative, compared byte for byte), the
ygopro-core recordings of ../shared/engine-logs and the committed real-card
runs (tests/importers/real_runs) imported, verified and audited, a bounded
`random` run and `coverage --json` (which rule situations the shipped
scenarios reach). The work build has -D_GLIBCXX_ASSERTIONS, so an
out-of-bounds access crashes. A mutant is killed when any command's exit code,
state count, property verdicts, files or reached situations differ from the
unmutated build's, or it crashes or times out; a mutant that does not compile
is stillborn and not counted. The score is killed / (killed + survived);
survivors are listed with their site. --only FILE:LINE[:OPERATOR] runs just
the mutants at that site (e.g. to confirm that a new scenario kills one).

--files takes globs relative to the checkout, comma-separated or repeated;
`semantic` stands for the model's rules (SEMANTIC below), without the input
and text code (loaders, TOML, effect text, the card library, rulesets).

Usage: bench/mutation.py [--work DIR] [--limit N] [--seed S] [--files GLOB[,GLOB...]]...
                         [--only FILE:LINE[:OPERATOR]]... [--jobs N] [--json]
Not part of ci/test or .ci/run (minutes to hours); figures in bench/README.md.
"""
import argparse
import glob
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The model's rules: what `--files semantic` selects.
SEMANTIC = [f"model/rules/{f}.cpp" for f in ("battle", "chain", "continuous", "effects", "flow", "model", "stats")] + [
    "model/terms/effect.cpp", "model/terms/outcome.cpp", "model/core/state.cpp"]

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
    shutil.rmtree(os.path.join(src, "mutation-out"), ignore_errors=True)
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
    seen += observe_mutants(binary, src, timeout)
    seen += observe_engine_logs(binary, src, timeout)
    code, out, _ = run([binary, "random", "--runs", "300", "--seed", "7"], src, timeout)
    seen.append(("random", code, None, out.count("VIOLATED")))
    code, out, _ = run([binary, "coverage", "--json"], src, timeout)
    try:
        doc = json.loads(out)
        per_scenario = [(r.get("name"), r.get("states"), r.get("complete"), r.get("reached"))
                        for r in doc.get("scenarios", [])]
        reached = [(r.get("id"), r.get("reached_by")) for r in doc.get("situations", [])]
        seen.append(("coverage", code, per_scenario, reached))
    except (ValueError, AttributeError):
        seen.append(("coverage", code, None, None))
    return seen


def digest(directory):
    """A hash of every file below directory (names and contents), then the directory is emptied."""
    h = hashlib.sha256()
    for path in sorted(glob.glob(os.path.join(directory, "*"))):
        h.update(os.path.basename(path).encode())
        h.update(open(path, "rb").read())
        os.remove(path)
    return h.hexdigest()


def observe_mutants(binary, src, timeout):
    """Each built-in rule mutant on its scenario, to its stated counterexample length: the branches of knob
    values mr3 does not take run here, and the counterexample files (events, narrative) are compared byte for
    byte, so a wrong event field or narrative line kills too."""
    seen = []
    out_dir = os.path.join(src, "mutation-mutants")
    shutil.rmtree(out_dir, ignore_errors=True)  # what an interrupted run left would count as a difference
    for path in sorted(glob.glob(os.path.join(src, "model", "rulesets", "mutants", "*.toml"))):
        spec = tomllib.load(open(path, "rb"))
        name = spec.get("name", os.path.basename(path)[:-5])
        cmd = [binary, "check", "--mutant", name, "--no-liveness", "--json", "--out", out_dir, "--force",
               "--max-depth", str(spec.get("max_counterexample_length", 0))]
        if spec.get("scenario"):
            cmd += ["--scenario", os.path.join(src, "scenarios", spec["scenario"])]
        code, out, _ = run(cmd, src, timeout)
        try:
            doc = json.loads(out)
            verdicts = [(p.get("id"), p.get("verdict")) for p in doc.get("properties", [])]
            seen.append((name, code, doc["stats"]["states"], verdicts, digest(out_dir)))
        except (ValueError, KeyError, TypeError):
            seen.append((name, code, None, None, digest(out_dir)))
    return seen


def scrub(doc):
    """A JSON document without its timings (keys naming seconds or rates), which differ from run to run."""
    if isinstance(doc, dict):
        return {k: scrub(v) for k, v in doc.items() if not re.search(r"seconds|per_s|rate|elapsed", k)}
    if isinstance(doc, list):
        return [scrub(v) for v in doc]
    return doc


def observe_engine_logs(binary, src, timeout):
    """The ygopro-core recordings imported, verified and their cards audited (the importer's outcome learning):
    ../shared/engine-logs and the committed real-card runs of tests/importers/real_runs (Scapegoat's tokens and
    the other outcomes only real scripts show)."""
    seen = []
    streams = sorted(glob.glob(os.path.join(ROOT, "..", "shared", "engine-logs", "*.bin")))
    streams += sorted(glob.glob(os.path.join(src, "tests", "importers", "real_runs", "**", "*.bin"), recursive=True))
    for stream in streams:
        cards = stream[:-4] + ".cards.json"
        code, out, _ = run([binary, "verify-trace", "--from", "ygopro", "--cards", cards, stream, "--audit-cards",
                            "--json"], src, timeout)
        try:
            doc = scrub(json.loads(out))
        except ValueError:
            doc = out
        name = os.path.relpath(stream, src) if stream.startswith(src) else os.path.basename(stream)
        seen.append((name, code, hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()))
    return seen


def copy_checkout(src):
    """The checkout's tracked and untracked (not ignored) files into src, each only when it differs."""
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split("\n")
    for f in filter(None, files):
        source, target = os.path.join(ROOT, f), os.path.join(src, f)
        if not os.path.isfile(source):
            continue  # deleted in the checkout but not yet in git
        if os.path.isfile(target) and open(source, "rb").read() == open(target, "rb").read():
            continue  # unchanged: keep its time stamp, so the build stays incremental
        os.makedirs(os.path.dirname(target) or src, exist_ok=True)
        shutil.copy2(source, target)


def selected(src, specs):
    """The files the --files globs select (relative to src), sorted, without repeats."""
    globs = [g.strip() for spec in specs for g in spec.split(",") if g.strip()]
    globs = [f for g in globs for f in (SEMANTIC if g == "semantic" else [g])]
    return sorted({p for g in globs for p in glob.glob(os.path.join(src, g))})


def matches(only, where, name):
    """Whether a site (FILE:LINE, operator) is one that --only asks for: FILE may be a base name."""
    parts = only.split(":", 2)
    if len(parts) < 2:
        return False
    file, line = parts[0], parts[1]
    site_file, site_line = where.rsplit(":", 1)
    return (site_file == file or os.path.basename(site_file) == file) and site_line == line and (
        len(parts) < 3 or parts[2] == name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", default="/tmp/bc-mutation")
    ap.add_argument("--limit", type=int, default=0, help="mutants to try (0 = all), sampled by --seed")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--files", action="append", default=[],
                    help="globs relative to the checkout, comma-separated or repeated; `semantic` = the rules "
                         "(default: model/*.cpp)")
    ap.add_argument("--only", action="append", default=[],
                    help="FILE:LINE[:OPERATOR]: just the mutants at this site (repeatable; no sampling)")
    ap.add_argument("--jobs", type=int, default=1, help="make -j")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per command")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    src = os.path.join(args.work, "src")
    build = os.path.join(args.work, "build")
    copy_checkout(src)
    # Library assertions turn an out-of-bounds access of a mutant into a crash (a kill), not stray memory.
    subprocess.run(["cmake", "-S", src, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
                    "-DCMAKE_CXX_FLAGS=-D_GLIBCXX_ASSERTIONS"], check=True, capture_output=True)
    make = ["make", "-C", build, f"-j{args.jobs}", "battlecheck"]
    subprocess.run(make, check=True, capture_output=True)
    binary = os.path.join(build, "battlecheck")
    baseline = observe(binary, src, args.timeout)

    all_sites = []
    for path in selected(src, args.files or ["model/*.cpp"]):
        lines, found = sites(path)
        all_sites += [(path, n, name, mutated) for n, name, mutated in found]
    rng = random.Random(args.seed)
    chosen = rng.sample(all_sites, args.limit) if 0 < args.limit < len(all_sites) else all_sites
    if args.only:
        chosen = [s for s in all_sites if any(matches(o, f"{os.path.relpath(s[0], src)}:{s[1] + 1}", s[2])
                                              for o in args.only)]
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
                by = [base[0] for base, now in zip(baseline, seen) if base != now]
                status = f"killed by {', '.join(by)}" if by else "survived"
                row = {"site": where, "operator": name, "line": mutated.strip()}
                (killed if by else survived).append(row)
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
