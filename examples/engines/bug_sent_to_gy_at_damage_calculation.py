#!/usr/bin/python3
"""Buggy variant: a monster destroyed by battle goes to the Graveyard right
at damage calculation instead of staying on the field until the end of the
Damage Step (S0 6.3.4.3.3 and 6.3.4.3.5, S4 2.4.3.5).
Expected catch: battle_destroyed_leave_at_end_of_damage_step.
"""
import sys

sys.dont_write_bytecode = True
import battle_engine  # noqa: E402


class Duel(battle_engine.Duel):
    def damage_calculation(self):
        super().damage_calculation()
        self.send_battle_destroyed()


if __name__ == "__main__":
    battle_engine.main(Duel)
