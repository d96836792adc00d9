#!/usr/bin/python3
"""Correct variant that does not report ATK/DEF changes (as an engine whose
messages have no such event): it writes no stat_changed / change_expired
event and says so in its load response ("omits"), so battlecheck leaves them
out of the model's events. Expected: no disagreement.
"""
import sys

sys.dont_write_bytecode = True
import battle_engine  # noqa: E402

STATS = ("stat_changed", "change_expired")


class Duel(battle_engine.Duel):
    def emit(self, event, **fields):
        if event not in STATS:
            super().emit(event, **fields)


class Server(battle_engine.Server):
    def handle(self, request):
        response = super().handle(request)
        if request.get("cmd") == "load" and "events" in response:
            response["omits"] = list(STATS)
        return response


if __name__ == "__main__":
    Server(Duel).serve(sys.stdin, sys.stdout)
