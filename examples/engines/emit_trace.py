#!/usr/bin/python3
"""How an engine emits a battlecheck trace (docs/trace-format.md) from its own
log: play one Battle Phase of a scenario with battle_engine.py and write the
header line, then every event, one JSON object per line.

    /usr/bin/python3 examples/engines/emit_trace.py [--seed N] [--bug MODULE] > run.jsonl
    battlecheck verify-trace run.jsonl

The scenario is the README's tiny one (Goblin Attack Force attacks the
face-down Man-Eater Bug) unless --scenario FILE.json names a scenario object.
The moves are picked at random (seeded), preferring attacks, as a player
would; --bug bug_damage_step_to_end_step plays a buggy variant instead.
"""
import argparse
import importlib
import json
import random
import sys

sys.dont_write_bytecode = True
import battle_engine  # noqa: E402

TINY = {
    "name": "tiny", "description": "One monster and one card on each side", "first_turn": False,
    "monsters": [{"name": "Goblin Attack Force", "atk": 2300, "def": 0},
                 {"name": "Man-Eater Bug", "atk": 450, "def": 600}],
    "board": {"p1": [{"zone": 0, "monster": 0, "position": "attack"}],
              "p2": [{"zone": 0, "monster": 1, "position": "facedown"}]},
    "cards": [{"name": "Rush Recklessly", "kind": "atk_change_quick", "owner": "p1", "value": 700},
              {"name": "Man-Eater Bug", "kind": "flip_trigger", "owner": "p2", "host": 1}],
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenario", help="a scenario object as JSON (default: the tiny scenario)")
    parser.add_argument("--bug", help="play a buggy variant module instead, e.g. bug_damage_step_to_end_step")
    args = parser.parse_args()
    scenario = TINY
    if args.scenario:
        with open(args.scenario, encoding="utf-8") as f:
            scenario = json.load(f)
    duel_class = importlib.import_module(args.bug).Duel if args.bug else battle_engine.Duel
    duel = duel_class(scenario)
    rng = random.Random(args.seed)
    out = sys.stdout
    header = {"format": "battlecheck-trace", "version": 2, "ruleset": "mr3", "scenario": scenario}
    out.write(json.dumps(header) + "\n")
    events = duel.opening()
    for _ in range(500):
        for e in events:
            out.write(json.dumps(e) + "\n")
        choices = duel.choices()
        if not choices:
            break
        choices = [c for c in choices if c["action"] != "skip_battle_phase"] or choices
        attacks = [c for c in choices if c["action"] == "declare_attack"]
        events = duel.act(rng.choice(attacks if attacks and rng.random() < 0.75 else choices))


if __name__ == "__main__":
    main()
