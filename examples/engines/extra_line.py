#!/usr/bin/python3
"""Robustness fixture: an engine that writes its response twice (one line
too many) to the first action that reaches damage calculation."""
import sys

sys.dont_write_bytecode = True
import battle_engine  # noqa: E402


class RepeatingOutput:
    """stdout that writes the first response holding a damage_calculation
    event twice."""

    repeated = False

    def write(self, text):
        sys.stdout.write(text)
        if not self.repeated and '"event":"damage_calculation"' in text:
            self.repeated = True
            sys.stdout.write(text)

    def flush(self):
        sys.stdout.flush()


if __name__ == "__main__":
    battle_engine.Server(battle_engine.Duel).serve(sys.stdin, RepeatingOutput())
