#!/usr/bin/python3
"""An engine that writes its own trace, for `battlecheck drive --judge trace`.

Each load and apply response carries "records": the whole trace of the run so
far (events and `offered` records, docs/trace-format.md), without priority
events, which its load response says with "trace_omits". battlecheck judges
that trace as verify-trace would. The duel is battle_engine's, or that of the
variant named as the first argument (e.g. bug_replay_in_damage_step).
Expected: the same verdicts as the variant driven with --judge trace.
"""
import importlib
import sys

sys.dont_write_bytecode = True
import battle_engine  # noqa: E402


class Server(battle_engine.Server):
    def handle(self, request):
        cmd = request.get("cmd")
        response = super().handle(request)
        if cmd == "load":
            self.trace, self.holder = [], "p1"
            response["trace_omits"] = ["priority"]
        if cmd == "actions" and response["actions"]:
            self.trace.append({"event": "offered", "player": self.holder, "actions": response["actions"]})
        if cmd in ("load", "apply"):
            for e in response["events"]:
                if e["event"] == "priority":
                    self.holder = e["player"]
                else:
                    self.trace.append(e)
            response["records"] = list(self.trace)
        return response


if __name__ == "__main__":
    duel = importlib.import_module(sys.argv[1]).Duel if len(sys.argv) > 1 else battle_engine.Duel
    Server(duel).serve(sys.stdin, sys.stdout)
