#!/usr/bin/python3
"""A second, independent implementation of the Yu-Gi-Oh! Battle Phase under
Master Rule 3 (the "mr3" ruleset), speaking battlecheck's engine protocol
(docs/engine-protocol.md) on stdin/stdout.

It is written from docs/trace-format.md, docs/rulesets.md and
model/rulesets/mr3.toml, in the style a simulator would use: a duel object
with a board of dicts, a step table (TIMINGS) saying what each timing window
is and where it leads, a permission table per effect kind (PERMISSIONS), and
one small function per effect kind (EFFECTS). The rules are fixed (this is an
engine, not a model checker): variants with bugs subclass Duel and override
one hook (bug_*.py).

Standard library only; run with /usr/bin/python3.
"""
import json
import sys

# --------------------------------------------------------------------------
# Static tables
# --------------------------------------------------------------------------

DAMAGE_STEP = ("start_of_damage_step", "before_damage_calculation", "damage_calculation",
               "after_damage_calculation", "end_of_damage_step")
BATTLE_WINDOWS = ("attack_declaration", "battle_step")


class Window:
    """One timing window: its step, whether players may start one chain or
    several (S2 FAQ 14/03/26, S4 2.4.3), and the method run when it is left."""

    def __init__(self, step, chains, leave=None, entry=None, prompt=True):
        self.step = step
        self.chains = chains      # "one" | "several"
        self.leave = leave        # method name on Duel, or None
        self.entry = entry        # method name run right after timing_enter, or None
        self.prompt = prompt      # False: nobody gets priority (choices, terminal)


TIMINGS = {
    "main_phase_1": Window("main_phase_1", "several", prompt=False),
    "start_step": Window("start_step", "several", leave="to_battle_step_open"),
    "battle_step_open": Window("battle_step", "several", leave="to_end_step"),
    "attack_declaration": Window("battle_step", "one", leave="to_battle_step"),
    "battle_step": Window("battle_step", "several", leave="to_damage_step"),
    "replay_choice": Window("battle_step", "several", prompt=False),
    "start_of_damage_step": Window("damage_step", "one", leave="to_before_calc"),
    "before_damage_calculation": Window("damage_step", "several", leave="to_calc", entry="flip_face_down_target"),
    "damage_calculation": Window("damage_step", "one", leave="calculate_then_after"),
    "after_damage_calculation": Window("damage_step", "one", leave="to_end_of_damage_step"),
    "end_of_damage_step": Window("damage_step", "one", leave="finish_damage_step", entry="send_battle_destroyed"),
    "end_step": Window("end_step", "several", leave="to_main_phase_2", entry="arm_end_of_battle_triggers"),
    "main_phase_2": Window("main_phase_2", "several", prompt=False),
    "end_phase": Window("end_phase", "several", prompt=False),
}

QUICK_TIMINGS = ["start_step", "battle_step_open", "attack_declaration", "battle_step", "end_step"]
ALL_TIMINGS = ["start_step", "battle_step_open", "attack_declaration", "battle_step"] + list(DAMAGE_STEP) + ["end_step"]

# kind -> (spell speed, is a trigger, is always a monster's own effect)
KINDS = {
    "counter_trap": (3, False, False),
    "atk_change_quick": (2, False, False),
    "damage_calc_atk_change": (2, False, False),
    "damage_calc_no_damage": (2, False, False),
    "negate_activation_quick": (2, False, True),
    "negate_effect_quick": (2, False, True),
    "attack_negate_trap": (2, False, False),
    "attack_destroy_trap": (2, False, False),
    "special_summon_quick": (2, False, False),
    "remove_monster_quick": (2, False, False),
    "end_battle_phase_quick": (2, False, False),
    "free_chain_quick": (2, False, False),
    "destroy_no_calc_trigger": (1, True, True),
    "flip_trigger": (1, True, True),
    "battle_damage_trigger": (1, True, True),
    "battled_trigger": (1, True, True),
    "battle_destroyed_trigger": (1, True, True),
    "sent_to_grave_trigger": (1, True, True),
    "end_of_battle_trigger": (1, True, True),
}

# Where each kind may be activated (mr3.toml [permissions]); for triggers:
# where a pending trigger is put on a chain.
PERMISSIONS = {
    "counter_trap": ALL_TIMINGS,
    "atk_change_quick": QUICK_TIMINGS[:4] + ["start_of_damage_step", "before_damage_calculation", "end_step"],
    "damage_calc_atk_change": ["damage_calculation"],
    "damage_calc_no_damage": ["damage_calculation"],
    "negate_activation_quick": ALL_TIMINGS,
    "negate_effect_quick": QUICK_TIMINGS,
    "attack_negate_trap": ["attack_declaration"],
    "attack_destroy_trap": ["attack_declaration"],
    "special_summon_quick": QUICK_TIMINGS,
    "remove_monster_quick": QUICK_TIMINGS,
    "end_battle_phase_quick": ["attack_declaration", "battle_step"],
    "free_chain_quick": QUICK_TIMINGS,
    "destroy_no_calc_trigger": ["start_of_damage_step"],
    "flip_trigger": QUICK_TIMINGS[:4] + ["after_damage_calculation", "end_step"],
    "battle_damage_trigger": ["after_damage_calculation"],
    "battled_trigger": ["after_damage_calculation"],
    "battle_destroyed_trigger": ["end_of_damage_step"],
    "sent_to_grave_trigger": ALL_TIMINGS,
    "end_of_battle_trigger": ["end_step"],
}

# Triggers whose text says "you can": their controller chooses to activate
# them or not (S1 Start of the Damage Step, S2 FAQ 12/08/01); the other trigger kinds are mandatory.
OPTIONAL_TRIGGERS = ("battled_trigger", "battle_destroyed_trigger")

NEGATORS = ("counter_trap", "negate_activation_quick", "negate_effect_quick")
CALC_ONLY = ("damage_calc_atk_change", "damage_calc_no_damage")
MAX_CHAIN = 6


def foe(player):
    return "p2" if player == "p1" else "p1"


def slot_label(slot):
    """Board slots are (player, zone) pairs; the protocol writes "p1_m0"."""
    if slot is None:
        return "none"
    if slot == "direct":
        return "direct"
    return "%s_m%d" % slot


def parse_slot(text):
    if text in (None, "none"):
        return None
    if text == "direct":
        return "direct"
    side, zone = text.split("_m")
    return (side, int(zone))


def normal_action(action):
    """An action as this engine lists it: no "player", no empty fields, and
    replay_stop without its (implicit) attacker."""
    if not isinstance(action, dict) or "action" not in action:
        raise ProtocolError("an action is an object with an \"action\" field")
    if action["action"] == "replay_stop":
        return {"action": "replay_stop"}
    return {k: v for k, v in action.items() if k != "player" and v not in (None, "none")}


class ProtocolError(Exception):
    """A request the engine cannot honour; answered with {"error": ...}."""


# --------------------------------------------------------------------------
# The duel
# --------------------------------------------------------------------------

class Duel:
    """One turn's Battle Phase. P1 is the turn player."""

    PERMISSIONS = PERMISSIONS
    TIMINGS = TIMINGS

    def __init__(self, scenario):
        self.monsters = scenario.get("monsters", [])
        self.cards = scenario.get("cards", [])
        self.first_turn = bool(scenario.get("first_turn", False))
        self.board = {"p1": [None] * 5, "p2": [None] * 5}
        for side in ("p1", "p2"):
            for z in scenario.get("board", {}).get(side, []):
                self.board[side][z["zone"]] = self.new_monster(z["monster"], z.get("position", "attack"))
        self.timing = "main_phase_1"
        self.holder = "p1"          # who has priority
        self.passed = False         # the previous action was a pass
        self.chains_here = 0        # chains started in this window
        self.chain = []             # links: dicts card, target, negated
        self.attack = None          # dict: attacker, target, flags
        self.used = set()           # cards activated this turn
        self.waiting = []           # triggers waiting for a permitted timing (card indices)
        self.end_battle = False
        self.trigger_chain = False
        self.accepted = set()       # optional triggers their controller chose to activate
        self.resume = None          # "open" / "after_chain": an optional trigger's controller chooses
        self.log = []

    # ---- board -----------------------------------------------------------
    @staticmethod
    def new_monster(index, position):
        return {"id": index, "pos": position, "declared": False, "attacked": False,
                "battled": False, "doomed": False}

    def at(self, slot):
        if slot is None or slot == "direct":
            return None
        return self.board[slot[0]][slot[1]]

    def where_is(self, monster_id):
        for side in ("p1", "p2"):
            for zone, m in enumerate(self.board[side]):
                if m is not None and m["id"] == monster_id:
                    return (side, zone)
        return None

    def host_slot(self, card_index):
        host = self.cards[card_index].get("host")
        return None if host is None else self.where_is(host)

    def fighter(self, player):
        """The player's monster in the current battle, if it is still there."""
        if self.attack is None:
            return None
        slot = self.attack["attacker"] if player == "p1" else self.attack["target"]
        return slot if self.at(slot) is not None else None

    def atk_of(self, slot):
        m = self.at(slot)
        value = self.monsters[m["id"]]["atk"]
        if self.attack is not None:
            if slot == self.attack["attacker"]:
                value += self.attack["boost"]["p1"]
            if slot == self.attack["target"]:
                value += self.attack["boost"]["p2"]
        return max(0, value)

    def emit(self, event, **fields):
        fields["event"] = event
        self.log.append(fields)

    # ---- windows ---------------------------------------------------------
    def window(self):
        return self.TIMINGS[self.timing]

    def in_damage_step(self):
        return self.timing in DAMAGE_STEP

    def chains_rule(self, timing):
        return self.TIMINGS[timing].chains

    def open(self, timing):
        old_step = self.window().step
        self.timing, self.passed, self.chains_here = timing, False, 0
        new = self.window()
        if new.step != old_step:
            self.emit("step_enter", step=new.step)
            if new.step == "damage_step":
                self.emit("damage_step_begin", slot=slot_label(self.attack["attacker"]),
                          target=slot_label(self.attack["target"]))
        self.emit("timing_enter", timing=timing)
        if new.entry:
            getattr(self, new.entry)()
        if new.prompt:
            self.prompt()

    def prompt(self):
        if self.chain_triggers("open") != "choosing":
            self.give("p1")   # the turn player acts first (S0 6.3.4.3.1)

    def give(self, player):
        self.holder = player
        self.emit("priority", player=player)

    def leave(self):
        name = self.window().leave
        if name:
            getattr(self, name)()

    def to_battle_step_open(self):
        self.open("battle_step_open")

    def to_end_step(self):
        self.open("end_step")

    def to_battle_step(self):
        self.open("battle_step")

    def to_before_calc(self):
        self.open("before_damage_calculation")

    def to_calc(self):
        self.open("damage_calculation")

    def calculate_then_after(self):
        self.damage_calculation()
        self.open("after_damage_calculation")

    def to_end_of_damage_step(self):
        self.open("end_of_damage_step")

    def to_main_phase_2(self):
        self.open("main_phase_2")

    def to_damage_step(self):
        if self.attack_ends():
            self.stop_attack()
            return
        a = self.attack
        attacker = self.at(a["attacker"])
        attacker["attacked"] = True    # "has attacked" from the Damage Step on (S0 6.3.4.3)
        target = self.at(a["target"])
        if a["target"] != "direct" and target is None:
            a["cancelled"] = True
        if target is not None and target["pos"] == "facedown":
            self.wake(attacker["id"], "destroy_no_calc_trigger")
        self.open("start_of_damage_step")

    def finish_damage_step(self):
        self.send_battle_destroyed()
        self.waiting = []
        self.attack = None
        self.open(self.damage_step_exit())

    def damage_step_exit(self):
        return "battle_step_open"   # S2 FAQ 11/01/09: back to the Battle Step

    def end_attack(self):
        self.attack = None
        if self.end_battle:
            self.end_battle_phase()
        else:
            self.open("battle_step_open")

    def end_battle_phase(self):
        self.end_battle = False
        self.waiting = []
        self.attack = None
        self.open("end_step")

    # ---- entry hooks -----------------------------------------------------
    def flip_face_down_target(self):
        if self.attack is None or self.attack["cancelled"]:
            return   # no battle, no flip: the attacker left (S0 6.3.4.3.2, S1 before damage calculation)
        slot = self.attack["target"]
        m = self.at(slot)
        if m is None or m["pos"] != "facedown":
            return
        m["pos"] = "defense"
        self.emit("flipped_face_up", slot=slot_label(slot))
        self.wake(m["id"], "flip_trigger")

    def send_battle_destroyed(self):
        for side in ("p1", "p2"):
            for zone in range(5):
                m = self.board[side][zone]
                if m is not None and m["doomed"]:
                    self.remove((side, zone), "battle")

    def arm_end_of_battle_triggers(self):
        for i, card in enumerate(self.cards):
            if card["kind"] == "end_of_battle_trigger" and self.host_slot(i) is not None and i not in self.waiting:
                self.waiting.append(i)

    # ---- triggers ----------------------------------------------------------
    def wake(self, monster_id, kind):
        for i, card in enumerate(self.cards):
            if card.get("host") == monster_id and card["kind"] == kind and i not in self.used and i not in self.waiting:
                self.waiting.append(i)

    def trigger_still_valid(self, i):
        card = self.cards[i]
        host = self.host_slot(i)
        kind = card["kind"]
        if kind == "destroy_no_calc_trigger":
            return (host is not None and self.attack is not None and host == self.attack["attacker"]
                    and self.at(self.attack["target"]) is not None)
        if kind in ("flip_trigger", "battle_damage_trigger", "battled_trigger"):
            return host is not None
        if kind == "end_of_battle_trigger":
            if host is None:
                return False
            cond = card.get("condition", "none")
            if cond == "host_attacked":
                return self.at(host)["attacked"]
            if cond == "host_battled":
                return self.at(host)["battled"]
        return True

    def trigger_target(self, i):
        card = self.cards[i]
        if card["kind"] == "destroy_no_calc_trigger":
            return self.attack["target"]
        if card["kind"] != "flip_trigger":
            return None
        enemy = foe(card["owner"])

        def fine(slot):
            m = self.at(slot)
            return m is not None and not m["doomed"]

        battler = self.fighter(enemy)
        if battler is not None and fine(battler):
            return battler
        for zone in range(5):
            if fine((enemy, zone)):
                return (enemy, zone)
        return None

    def chain_triggers(self, resume):
        """Put every waiting trigger permitted here on one chain, the turn
        player's first (SEGOC, S0 6.3.4.3.4), once each optional one's
        controller has chosen: "chained", "choosing" (`resume` says where to
        go on after the choice) or None."""
        ready = []
        for i in sorted(self.waiting):
            if self.timing not in self.PERMISSIONS[self.cards[i]["kind"]]:
                continue
            if not self.trigger_still_valid(i):
                self.waiting.remove(i)
                continue
            ready.append(i)
        if not ready or len(self.chain) + len(ready) > MAX_CHAIN:
            return None
        for owner in ("p1", "p2"):
            for i in ready:
                card = self.cards[i]
                if card["owner"] == owner and card["kind"] in OPTIONAL_TRIGGERS and i not in self.accepted:
                    self.resume, self.holder, self.choosing = resume, owner, i
                    return "choosing"
        for owner in ("p1", "p2"):
            for i in ready:
                if self.cards[i]["owner"] == owner:
                    self.add_link(i, self.trigger_target(i))
        self.accepted = set()
        self.trigger_chain = True
        self.passed = False
        return "chained"

    def choose(self, i, activate):
        if activate:
            self.accepted.add(i)
        else:
            self.waiting.remove(i)
        how, self.resume = self.resume, None
        if how == "open":
            self.prompt()
        else:
            self.after_chain()

    # ---- activations -----------------------------------------------------
    def add_link(self, i, target):
        card = self.cards[i]
        if not self.chain:
            self.chains_here += 1
        if card["kind"] in NEGATORS:
            target = len(self.chain) - 1     # the link right below
        self.chain.append({"card": i, "target": target, "negated": None})
        self.used.add(i)
        if i in self.waiting:
            self.waiting.remove(i)
        host = self.host_slot(i)
        self.emit("activate", player=card["owner"], card=i, kind=card["kind"], link=len(self.chain),
                  target="none" if card["kind"] in NEGATORS else slot_label(target),
                  slot=slot_label(host))

    def may_activate(self, i):
        card = self.cards[i]
        kind = card["kind"]
        speed, trigger, monster_effect = KINDS[kind]
        if card["owner"] != self.holder or i in self.used or trigger:
            return False
        if self.timing not in self.PERMISSIONS[kind] or len(self.chain) >= MAX_CHAIN:
            return False
        if not self.chain:
            if kind in NEGATORS:
                return False
            if self.chains_rule(self.timing) == "one" and self.chains_here > 0:
                return False
        else:
            top_speed = KINDS[self.cards[self.chain[-1]["card"]]["kind"]][0]
            if speed < 2 or speed < top_speed:
                return False
        if kind in CALC_ONLY and self.timing == "damage_calculation" and not self.calc_effect_chain_open():
            return False
        if monster_effect or card.get("host") is not None:
            host = self.host_slot(i)
            if host is None or self.at(host)["pos"] == "facedown" or self.at(host)["doomed"]:
                return False
        return self.kind_condition(i)

    def calc_effect_chain_open(self):
        """'During damage calculation' effects: only in the window's first
        chain, never in a trigger chain born there (S0 6.3.4.3, S4 2.4.3.3)."""
        if self.chains_rule("damage_calculation") == "several":
            return True
        if not self.chain:
            return self.chains_here == 0
        return self.chains_here == 1 and not self.trigger_chain

    def kind_condition(self, i):
        card = self.cards[i]
        kind, owner = card["kind"], card["owner"]
        live = self.attack_live() and not self.attack["cancelled"]
        if kind in ("atk_change_quick", "damage_calc_atk_change"):
            return live and self.fighter(owner) is not None
        if kind == "damage_calc_no_damage":
            return live
        if kind in ("counter_trap", "negate_activation_quick"):
            return self.chain[-1]["negated"] != "activation"
        if kind in ("attack_negate_trap", "attack_destroy_trap"):
            return self.attack_live() and owner == "p2"
        if kind == "special_summon_quick":
            return None in self.board[owner]
        return True

    # ---- chain resolution ------------------------------------------------
    def resolve(self):
        while self.chain:
            link = self.chain[-1]
            card = self.cards[link["card"]]
            self.emit("resolve", link=len(self.chain), card=link["card"], kind=card["kind"], player=card["owner"])
            if link["negated"] is None:
                EFFECTS[card["kind"]](self, link)
            self.chain.pop()
        self.emit("chain_end")
        self.after_chain()

    def after_chain(self):
        self.trigger_chain = False
        gathered = self.chain_triggers("after_chain")
        if gathered == "chained":
            self.give("p1")
        if gathered is not None:
            return
        # An effect that ended the Battle Phase comes before whatever the chain
        # did to the attack (S1 End Step section): no replay, straight to the End Step.
        if self.end_battle and not self.in_damage_step():
            self.end_battle_phase()
            return
        if self.timing in BATTLE_WINDOWS and self.attack is not None and self.battle_step_outcome():
            return
        if self.after_chain_in_damage_step():
            return
        if self.chains_rule(self.timing) == "one":
            self.leave()
            return
        self.passed = False
        self.give("p1")

    def after_chain_in_damage_step(self):
        """Hook for engines that do something special here; the rules do nothing."""
        return False

    def attack_ends(self):
        """The attack cannot reach the Damage Step: negated, or its monster cannot battle."""
        a = self.attack
        if a["negated"]:
            return True
        m = self.at(a["attacker"])
        # The attacker is that monster, not its zone: one summoned into the
        # zone after the attacker left does not attack.
        return m is None or m is not a["monster"] or m["pos"] != "attack"

    def attack_live(self):
        """An attack that goes on: after the chain that ended it, the Battle
        Step's last round still comes, where the monster no longer attacks."""
        return self.attack is not None and not (self.timing in BATTLE_WINDOWS and self.attack_ends())

    def stop_attack(self):
        if not self.attack["negated"]:
            self.emit("attack_stopped", slot=slot_label(self.attack["attacker"]))
        self.end_attack()

    def battle_step_outcome(self):
        # An ended attack stops only when the Battle Step's round closes (S1 Battle Step section).
        if self.attack_ends():
            return False
        if self.attack["replay"]:
            self.replay()
            return True
        return False

    def replay(self):
        self.attack["replay"] = False
        self.emit("replay", slot=slot_label(self.attack["attacker"]))
        self.open("replay_choice")

    # ---- board changes ---------------------------------------------------
    def replay_watched(self):
        """Whether a change of the defender's monster count now means a
        replay (S1 replay section, S4 2.4.2): only in the Battle Step."""
        return self.timing in BATTLE_WINDOWS

    def count_changed(self, side):
        if side == "p2" and self.attack is not None and self.replay_watched():
            self.attack["replay"] = True

    def remove(self, slot, reason):
        m = self.at(slot)
        if m is None:
            return
        self.emit("left_field", slot=slot_label(slot), reason=reason, monster=m["id"])
        self.board[slot[0]][slot[1]] = None
        if reason != "banish":
            self.wake(m["id"], "sent_to_grave_trigger")
        if reason == "battle":
            self.wake(m["id"], "battle_destroyed_trigger")
        a = self.attack
        if a is not None and slot in (a["attacker"], a["target"]) and self.in_damage_step() and not a["calculated"]:
            a["cancelled"] = True
        self.count_changed(slot[0])

    def summon(self, owner, monster_id, position):
        if monster_id is None or None not in self.board[owner]:
            return
        zone = self.board[owner].index(None)
        self.board[owner][zone] = self.new_monster(monster_id, position)
        self.emit("summoned", slot=slot_label((owner, zone)), monster=monster_id, player=owner, position=position)
        self.count_changed(owner)

    # ---- damage calculation (S0 6.3.4.3.3) -------------------------------
    def damage_calculation(self):
        a = self.attack
        attacker = self.at(a["attacker"])
        target_there = a["target"] == "direct" or self.at(a["target"]) is not None
        if a["cancelled"] or attacker is None or not target_there:
            self.emit("no_damage_calculation")
            return
        atk = self.atk_of(a["attacker"])
        a["calculated"] = True
        attacker["battled"] = True
        self.wake(attacker["id"], "battled_trigger")
        if a["target"] == "direct":
            self.emit("damage_calculation", slot=slot_label(a["attacker"]), target="direct", mode="direct",
                      value=atk, value2=0)
            self.inflict("p2", atk)
            return
        defender = self.at(a["target"])
        defender["battled"] = True
        self.wake(defender["id"], "battled_trigger")
        attack_pos = defender["pos"] == "attack"
        other = self.atk_of(a["target"]) if attack_pos else self.monsters[defender["id"]]["def"]
        self.emit("damage_calculation", slot=slot_label(a["attacker"]), target=slot_label(a["target"]),
                  mode="vs_attack" if attack_pos else "vs_defense", value=atk, value2=other)
        if atk > other:
            if attack_pos:
                self.inflict("p2", atk - other)
            self.doom(a["target"])
        elif atk < other:
            self.inflict("p1", other - atk)
            if attack_pos:
                self.doom(a["attacker"])
        elif attack_pos and atk > 0:
            self.doom(a["attacker"])
            self.doom(a["target"])

    def inflict(self, player, amount):
        a = self.attack
        if amount <= 0 or a["shielded"][player]:
            return
        self.emit("battle_damage", player=player, value=amount)
        dealer = self.at(a["target"] if player == "p1" else a["attacker"])
        if dealer is not None:
            self.wake(dealer["id"], "battle_damage_trigger")

    def doom(self, slot):
        self.at(slot)["doomed"] = True
        self.emit("destroy_confirmed", slot=slot_label(slot))

    # ---- the player's choices ----------------------------------------------
    def choices(self):
        """Every legal action, as protocol JSON objects."""
        if self.resume is not None:
            return [{"action": "activate", "card": self.choosing}, {"action": "decline_trigger", "card": self.choosing}]
        if self.timing == "main_phase_1":
            out = [] if self.first_turn else [{"action": "enter_battle_phase"}]
            return out + [{"action": "skip_battle_phase"}]
        if self.timing in ("main_phase_2", "end_phase"):
            return []
        if self.timing == "replay_choice":
            attacker = slot_label(self.attack["attacker"])
            out = [{"action": "replay_target", "attacker": attacker, "target": t} for t in self.targets()]
            return out + [{"action": "replay_stop"}]
        out = [{"action": "pass"}]
        if self.timing == "battle_step_open" and self.holder == "p1" and not self.chain:
            for zone, m in enumerate(self.board["p1"]):
                if m is not None and m["pos"] == "attack" and not m["declared"] and not m["doomed"]:
                    out += [{"action": "declare_attack", "attacker": slot_label(("p1", zone)), "target": t}
                            for t in self.targets()]
        for i, card in enumerate(self.cards):
            if not self.may_activate(i):
                continue
            if card["kind"] != "remove_monster_quick":
                out.append({"action": "activate", "card": i})
                continue
            enemy = foe(card["owner"])
            for zone, m in enumerate(self.board[enemy]):
                if m is not None and not m["doomed"]:
                    out.append({"action": "activate", "card": i, "target": slot_label((enemy, zone))})
        return out

    def targets(self):
        zones = [slot_label(("p2", z)) for z, m in enumerate(self.board["p2"]) if m is not None]
        return zones if zones else ["direct"]

    def act(self, action):
        """Apply one action (protocol JSON); returns the events it produced."""
        wanted = normal_action(action)
        if wanted not in self.choices():
            raise ProtocolError("illegal action here: " + json.dumps(action, sort_keys=True))
        self.log = []
        kind = wanted["action"]
        if kind == "enter_battle_phase":
            self.open("start_step")
        elif kind == "skip_battle_phase":
            self.open("end_phase")
        elif kind == "pass":
            self.pass_priority()
        elif kind == "activate" and self.resume is not None:
            self.choose(wanted["card"], True)
        elif kind == "decline_trigger":
            self.choose(wanted["card"], False)
        elif kind == "activate":
            card = wanted["card"]
            self.add_link(card, parse_slot(wanted.get("target")))
            self.passed = False
            self.give(foe(self.cards[card]["owner"]))
        elif kind == "declare_attack":
            self.declare(parse_slot(wanted["attacker"]), parse_slot(wanted["target"]))
        elif kind == "replay_target":
            self.emit("replay_choice", slot=slot_label(self.attack["attacker"]), target=wanted["target"])
            self.attack["target"] = parse_slot(wanted["target"])
            self.open("battle_step")
        elif kind == "replay_stop":
            self.emit("replay_choice", slot=slot_label(self.attack["attacker"]), target="none")
            self.end_attack()
        return self.log

    def declare(self, attacker, target):
        self.at(attacker)["declared"] = True
        self.attack = {"attacker": attacker, "monster": self.at(attacker), "target": target, "boost": {"p1": 0, "p2": 0},
                       "negated": False, "replay": False, "cancelled": False, "calculated": False,
                       "shielded": {"p1": False, "p2": False}}
        self.emit("attack_declared", player="p1", slot=slot_label(attacker), target=slot_label(target))
        self.open("attack_declaration")

    def pass_priority(self):
        if self.chain:
            if self.passed:
                self.resolve()
                return
        elif self.passed:
            # Both passed in turn; in the open Battle Step the turn player's pass
            # (no attack) gives the opponent priority first (S1 Battle Step).
            self.leave()
            return
        self.passed = True
        self.give(foe(self.holder))

    def opening(self):
        return [{"event": "step_enter", "step": "main_phase_1"}, {"event": "timing_enter", "timing": "main_phase_1"}]


# --------------------------------------------------------------------------
# What each effect kind does when it resolves
# --------------------------------------------------------------------------

def negate(duel, link):
    kind = duel.cards[link["card"]]["kind"]
    victim = duel.chain[link["target"]]
    what = "effect" if kind == "negate_effect_quick" else "activation"
    victim["negated"] = what
    duel.emit("negated", link=link["target"] + 1, negation=what)
    host = duel.host_slot(victim["card"])
    if kind == "counter_trap" and host is not None:
        duel.remove(host, "effect_destroy")


def boost(duel, link):
    card = duel.cards[link["card"]]
    slot = duel.fighter(card["owner"])
    if slot is not None:
        units = int(card.get("value", 0) / 100)
        total = duel.attack["boost"][card["owner"]] // 100 + units
        duel.attack["boost"][card["owner"]] = 100 * max(-127, min(127, total))
        m = duel.at(slot)
        duel.emit("stat_changed", slot=slot_label(slot), monster=m["id"], duration="battle",
                  value=duel.atk_of(slot), value2=duel.monsters[m["id"]]["def"])


def shield(duel, link):
    duel.attack["shielded"][duel.cards[link["card"]]["owner"]] = True


def negate_attack(duel, link):
    if duel.attack is not None and not duel.attack["negated"]:
        duel.attack["negated"] = True
        duel.emit("attack_negated", slot=slot_label(duel.attack["attacker"]))


def destroy_attacker(duel, link):
    if duel.fighter("p1") is not None:
        duel.remove(duel.attack["attacker"], "effect_destroy")


def summon_attack(duel, link):
    card = duel.cards[link["card"]]
    duel.summon(card["owner"], card.get("summons"), "attack")


def summon_defense(duel, link):
    card = duel.cards[link["card"]]
    duel.summon(card["owner"], card.get("summons"), "defense")


def banish_target(duel, link):
    if link["target"] not in (None, "direct"):
        duel.remove(link["target"], "banish")


def end_battle(duel, link):
    duel.end_battle = True
    duel.emit("battle_phase_ended")


def destroy_target(duel, link):
    if link["target"] not in (None, "direct"):
        duel.remove(link["target"], "effect_destroy")


def banish_both(duel, link):
    card = duel.cards[link["card"]]
    host = duel.host_slot(link["card"])
    enemy = duel.fighter(foe(card["owner"]))
    if enemy is not None:
        duel.remove(enemy, "banish")
    if host is not None:
        duel.remove(host, "banish")


def to_defense(duel, link):
    host = duel.host_slot(link["card"])
    if host is None or duel.at(host)["pos"] in ("defense", "facedown"):  # face-down: already in Defense Position
        return
    duel.at(host)["pos"] = "defense"
    duel.emit("position_changed", slot=slot_label(host), position="defense")


def nothing(duel, link):
    pass


EFFECTS = {
    "counter_trap": negate, "negate_activation_quick": negate, "negate_effect_quick": negate,
    "atk_change_quick": boost, "damage_calc_atk_change": boost, "damage_calc_no_damage": shield,
    "attack_negate_trap": negate_attack, "attack_destroy_trap": destroy_attacker,
    "special_summon_quick": summon_attack, "battle_destroyed_trigger": summon_attack,
    "sent_to_grave_trigger": summon_defense, "remove_monster_quick": banish_target,
    "end_battle_phase_quick": end_battle, "destroy_no_calc_trigger": destroy_target,
    "flip_trigger": destroy_target, "battled_trigger": banish_both, "end_of_battle_trigger": to_defense,
    "free_chain_quick": nothing, "battle_damage_trigger": nothing,
}


# --------------------------------------------------------------------------
# The protocol loop (docs/engine-protocol.md)
# --------------------------------------------------------------------------

class Server:
    """Reads one JSON request per line, writes one JSON response per line."""

    def __init__(self, duel_class):
        self.duel_class = duel_class
        self.duel = None

    def handle(self, request):
        cmd = request.get("cmd")
        if cmd == "load":
            ruleset = request.get("ruleset", "mr3")
            if ruleset != "mr3":
                raise ProtocolError("this engine implements only mr3, not " + str(ruleset))
            self.duel = self.duel_class(request["scenario"])
            return {"ok": True, "events": self.duel.opening()}
        if cmd == "quit":
            return {"ok": True}
        if self.duel is None:
            raise ProtocolError("no scenario loaded")
        if cmd == "actions":
            return {"actions": self.duel.choices()}
        if cmd == "apply":
            return {"events": self.duel.act(request["action"])}
        raise ProtocolError("unknown cmd " + json.dumps(cmd))

    def serve(self, stdin, stdout):
        for line in stdin:
            if not line.strip():
                continue
            try:
                request = json.loads(line)
                response = self.handle(request)
            except (ProtocolError, KeyError, ValueError, TypeError) as e:
                request, response = {}, {"error": str(e)}
            stdout.write(json.dumps(response, separators=(",", ":")) + "\n")
            stdout.flush()
            if request.get("cmd") == "quit":
                return


def main(duel_class=Duel):
    Server(duel_class).serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
