#!/usr/bin/python3
"""Buggy variant: when the Damage Step ends the engine goes straight to the
End Step, so no other monster can attack; the Damage Step returns to the
Battle Step (S2 FAQ 11/01/09, S0 6.3.4.3.5, S3 Back to Battle Step).
Expected catch: damage_step_returns_to_battle_step.
"""
import sys

sys.dont_write_bytecode = True
import battle_engine  # noqa: E402


class Duel(battle_engine.Duel):
    def damage_step_exit(self):
        return "end_step"


if __name__ == "__main__":
    battle_engine.main(Duel)
