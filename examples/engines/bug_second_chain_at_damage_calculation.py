#!/usr/bin/python3
"""Buggy variant: after a chain resolves at damage calculation the engine
gives priority back instead of performing damage calculation, so a second
chain can be opened there (the rules allow one: S2 FAQ 14/03/26, S4 2.4.3.3).
Expected catch: one_chain_at_damage_calculation.
"""
import sys

sys.dont_write_bytecode = True
import battle_engine  # noqa: E402


class Duel(battle_engine.Duel):
    def chains_rule(self, timing):
        if timing == "damage_calculation":
            return "several"
        return super().chains_rule(timing)


if __name__ == "__main__":
    battle_engine.main(Duel)
