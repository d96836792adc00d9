/// Naming the rule behind a divergence by trying single ruleset changes.
#include "checker/conformance/conformance_rules.hpp"

#include <algorithm>
#include <functional>

#include "model/terms/effect_text.hpp"

namespace bc {
namespace {

constexpr int kMaxDepth = 4;      ///< actions explored past the start per try
constexpr std::size_t kMaxRules = 6;

std::string sources_text(const Provenance& p) {
  std::string out;
  for (const std::string& s : p.sources) out += (out.empty() ? "" : "; ") + s;
  return out.empty() ? std::string("no citation in the ruleset") : out;
}

/// Does some path from s under `model` produce `events` (filtered) from index i on?
bool fits(const Model& model, const State& s, const std::vector<Event>& events, std::size_t i, EventTypeMask omits,
          int depth) {
  if (i >= events.size()) return true;
  if (depth > kMaxDepth || Model::is_terminal(s)) return false;
  ActionList list;
  model.actions(s, list);
  EventBuffer buf;
  for (const Action& a : list) {
    buf.clear();
    const State n = model.next(s, a, buf);
    std::size_t k = i;
    bool ok = true;
    for (const Event& e : buf) {
      if (omits & event_bit(e.type)) continue;
      if (k >= events.size()) break;
      if (!(e == events[k])) { ok = false; break; }
      ++k;
    }
    if (ok && fits(model, n, events, k, omits, depth + 1)) return true;
  }
  return false;
}

bool any_fits(const Model& model, const std::vector<DiagnosisStart>& starts, EventTypeMask omits) {
  for (const DiagnosisStart& d : starts)
    if (fits(model, d.state, d.events, 0, omits, 0)) return true;
  return false;
}

bool is_legal(const Model& model, const State& s, const Action& a) {
  ActionList list;
  model.actions(s, list);
  return std::any_of(list.begin(), list.end(), [&](const Action& l) { return action_matches(a, l); });
}

/// Try every single change of the ruleset; `test` says whether the changed
/// model explains the trace. Returns the rules whose change does.
std::vector<std::string> try_changes(const Model& model, const std::function<bool(const Model&)>& test) {
  std::vector<std::string> out;
  Ruleset changed = model.rules();
  const Model m2(model.scenario(), changed);
  for (int k = 0; k < kKnobCount && out.size() < kMaxRules; ++k) {
    const std::uint8_t original = changed.knobs[k];
    for (int v = 0; v < knob_value_count(static_cast<Knob>(k)); ++v) {
      if (v == original) continue;
      changed.knobs[k] = static_cast<std::uint8_t>(v);
      const bool explains = test(m2);
      changed.knobs[k] = original;
      if (explains) {
        out.push_back(knob_rule_text(model.rules(), static_cast<Knob>(k)) + " (the trace fits " +
                      std::string(knob_spec(static_cast<Knob>(k)).values[v]) + ")");
        break;
      }
    }
  }
  // The model reads a permission only for the classes of the scenario's cards
  // and of their parts (Ruleset::permitted_timings): changing any other
  // class's timings cannot explain anything. A Model reads the permissions
  // once, when it is made, so each change gets a Model of its own.
  std::uint32_t present = 0;
  for (const CardSpec& c : model.scenario().cards) {
    const PermissionClasses classes = permission_classes(c.term);
    present |= 1u << static_cast<int>(c.kind);
    for (int i = 0; i < classes.count; ++i) present |= 1u << static_cast<int>(classes.kinds[i]);
  }
  for (int kind = 0; kind < kEffectKindCount && out.size() < kMaxRules; ++kind) {
    if ((present & (1u << kind)) == 0) continue;
    const TimingMask original = changed.permissions[kind];
    for (int t = 0; t < kTimingCount && out.size() < kMaxRules; ++t) {
      changed.permissions[kind] = static_cast<TimingMask>(original ^ bit(static_cast<Timing>(t)));
      const bool explains = test(Model(model.scenario(), changed));
      changed.permissions[kind] = original;
      if (explains) out.push_back(permission_rule_text(model.rules(), static_cast<EffectKind>(kind), static_cast<Timing>(t)));
    }
  }
  return out;
}

/// A card's term field as its text reads ("window = attack_declared").
std::string field_text(const CardSpec& card, const std::vector<std::string>& monsters, std::string_view key) {
  for (const TermField& f : term_to_fields(card.term, monsters)) {
    if (f.key != key) continue;
    std::string v;
    for (const std::string& x : f.values) v += (v.empty() ? "" : ", ") + x;
    return std::string(key) + " = " + v;
  }
  return std::string(key);
}

/// One part of a card's own text that a change can drop, what it is, and the
/// sources' words that make such a part bind (cite(): a continuous part's kind).
struct CardPart {
  const char* key;    ///< term field
  const char* what;   ///< what the card's text does there
  bool (*present)(const EffectTerm&);
  void (*drop)(EffectTerm&);
  const char* sources;  ///< "" when the sources never speak of such a part
};

/// The sections that speak of a continuous part's kind of restriction.
std::string_view continuous_sources(ContinuousKind k) {
  switch (k) {
    case ContinuousKind::NoTrapActivation: return "S3 §Flipping the Face-Down Monster Face-Up";
    case ContinuousKind::CannotBeAttacked: return "S1 §战斗步骤的卷回";
    case ContinuousKind::CannotAttackAtLeast:
    case ContinuousKind::CannotAttackLevelAtLeast:
    case ContinuousKind::CannotAttackOfType: return "S1 §战斗步骤";
    case ContinuousKind::SecondAttack: return "S4 §2.4.2; S1 §战斗步骤";
    case ContinuousKind::CannotAttackDirectly:
    case ContinuousKind::OpponentAttacksDirectly: return "S1 §战斗步骤的卷回";
    case ContinuousKind::IgnoredAsAttackTarget: return "S1 §战斗步骤; S4 §2.4.2";
    case ContinuousKind::IndestructibleByBattle:
    case ContinuousKind::NoBattleDamageAttacking: return "S0 §6.3.4.3.3";
    case ContinuousKind::DestroyedWhenTargeted: return "S2 §マスタールール2以前のダメージステップ";
    case ContinuousKind::FaceUpAttackPosition:
    case ContinuousKind::FaceUpDefenseOfType: return "S0 §6.3.4.3";
    default: return "";
  }
}

std::string part_citation(const CardPart& part, const EffectTerm& t) {
  const std::string_view s = std::string_view(part.key) == "continuous" ? continuous_sources(t.continuous.kind)
                                                                          : std::string_view(part.sources);
  return s.empty() ? "; no source speaks of it: the card's own text" : "; " + std::string(s);
}

// What an effect's text says decides where it may be used (S0 §6.3.4.3 and
// S1 §伤害步骤 list effects by their text); an effect whose choice cannot be
// made cannot be activated (S1 §伤害计算后, the Dragon Star example).
const CardPart kCardParts[] = {
    {"timings", "its own timing list does not allow it here", [](const EffectTerm& t) { return t.timings != 0; },
     [](EffectTerm& t) { t.timings = 0; }, "S0 §6.3.4.3, S1 §伤害步骤"},
    {"window", "the window its text names does not allow it here",
     [](const EffectTerm& t) { return t.window != Window::Any && !window_decides_class(t); },
     [](EffectTerm& t) { t.window = Window::Any; }, "S0 §6.3.4.3, S1 §伤害步骤"},
    {"continuous", "its continuous effect forbids it while the card is face-up on the field",
     [](const EffectTerm& t) { return t.continuous.kind != ContinuousKind::None; },
     [](EffectTerm& t) { t.continuous = {}; }, ""},
    {"cost", "its cost cannot be paid here", [](const EffectTerm& t) { return t.cost != Cost::None; },
     [](EffectTerm& t) { t.cost = Cost::None; }, "S1 §伤害计算后"},
    {"conditions", "its condition is not met here", [](const EffectTerm& t) { return t.conditions != 0; },
     [](EffectTerm& t) { t.conditions = 0; }, ""},
};

/// Try dropping one part of one card's own text (a lock, a timing list, a
/// cost, a condition); `test` says whether the changed model explains the
/// trace. A card's restriction is cited by the card and the part of its term.
std::vector<std::string> try_card_changes(const Model& model, const std::function<bool(const Model&)>& test,
                                          std::size_t room) {
  std::vector<std::string> out;
  std::vector<std::string> monsters;
  for (const MonsterSpec& m : model.scenario().monsters) monsters.push_back(m.name);
  Scenario changed = model.scenario();
  for (std::size_t c = 0; c < changed.cards.size() && out.size() < room; ++c) {
    const CardSpec& card = model.scenario().cards[c];
    for (const CardPart& part : kCardParts) {
      if (!part.present(card.term)) continue;
      part.drop(changed.cards[c].term);
      const bool explains = test(Model(changed, model.rules()));
      changed.cards[c].term = card.term;
      if (explains)
        out.push_back("card restriction: " + card.name + ": " + part.what + " [the card's text: " +
                      field_text(card, monsters, part.key) + part_citation(part, card.term) + "]");
      if (out.size() >= room) break;
    }
  }
  return out;
}

/// Ruleset changes first (knobs, permissions), then the cards' own restrictions.
std::vector<std::string> explain(const Model& model, const std::function<bool(const Model&)>& test) {
  std::vector<std::string> out = try_changes(model, test);
  if (out.size() < kMaxRules)
    for (std::string& r : try_card_changes(model, test, kMaxRules - out.size())) out.push_back(std::move(r));
  return out;
}

}  // namespace

std::string knob_rule_text(const Ruleset& rules, Knob k) {
  const KnobSpec& spec = knob_spec(k);
  return "knob " + std::string(spec.name) + " = " + std::string(spec.values[rules.get(k)]) + " [" +
         sources_text(rules.knob_sources[static_cast<int>(k)]) + "]";
}

std::string permission_rule_text(const Ruleset& rules, EffectKind kind, Timing t) {
  const bool allowed = rules.allowed(kind, t);
  return "permission of " + std::string(name(kind)) + (allowed ? ": allowed at " : ": not at ") +
         std::string(name(t)) + " [" + sources_text(rules.permission_sources[static_cast<int>(kind)]) + "]";
}

std::vector<std::string> rules_forbidding_events(const Model& model, const std::vector<DiagnosisStart>& starts,
                                                 EventTypeMask omits) {
  if (starts.empty()) return {};
  return explain(model, [&](const Model& m2) { return any_fits(m2, starts, omits); });
}

std::vector<std::string> rules_for_action(const Model& model, const State& s, const Action& a, bool make_legal) {
  if (a.type == ActionType::Activate && a.card < model.scenario().cards.size()) {
    // The card's own permission at this timing is the rule to cite first.
    const EffectKind kind = model.scenario().cards[a.card].kind;
    if (make_legal != model.rules().allowed(kind, s.timing))
      return {permission_rule_text(model.rules(), kind, s.timing)};
  }
  return explain(model, [&](const Model& m2) { return is_legal(m2, s, a) == make_legal; });
}

}  // namespace bc
