/// `battlecheck rulesets`: the built-in rulesets and mutants; `rulesets show
/// NAME`: every knob and permission of one ruleset with its value and sources.
#include <iomanip>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "cli/commands/commands.hpp"
#include "model/loaders/loader.hpp"

namespace bc::cli {
namespace {

struct RulesetsOptions {
  bool json = false;
  std::string show;  ///< `rulesets show NAME`
  bool show_json = false;
};

std::string knob_value(Knob k, std::uint8_t v) {
  const KnobSpec& spec = knob_spec(k);
  if (v < spec.values.size() && !spec.values[v].empty()) return std::string(spec.values[v]);
  return std::to_string(v);
}

std::vector<std::string> timing_names(TimingMask mask) {
  std::vector<std::string> out;
  for (int t = 0; t < kTimingCount; ++t)
    if (mask & bit(static_cast<Timing>(t))) out.emplace_back(name(static_cast<Timing>(t)));
  return out;
}

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

nlohmann::json provenance_json(const Provenance& p) { return {{"sources", p.sources}, {"note", p.note}}; }

nlohmann::json mutant_json(const Ruleset& r) {
  return {{"name", r.name}, {"description", r.description}, {"mutant_of", r.mutant_of},
          {"expect_violation", r.expect_violation}, {"max_counterexample_length", r.max_counterexample_length},
          {"scenario", r.scenario}};
}

int list_rulesets(bool json) {
  nlohmann::json doc = {{"rulesets", nlohmann::json::array()}, {"mutants", nlohmann::json::array()}};
  for (const std::string& n : builtin_ruleset_names()) {
    const Ruleset r = load_ruleset(n);
    doc["rulesets"].push_back({{"name", n}, {"description", r.description}, {"extends", r.extends}});
  }
  for (const std::string& n : builtin_mutant_names()) doc["mutants"].push_back(mutant_json(load_mutant(n)));
  if (json) {
    std::cout << doc.dump(2) << "\n";
    return kExitOk;
  }
  std::cout << "Rulesets:\n";
  for (const auto& r : doc["rulesets"])
    std::cout << "  " << r["name"].get<std::string>() << ": " << r["description"].get<std::string>() << "\n";
  std::cout << "\nMutants (deliberately wrong rules; each must trip its property):\n";
  for (const auto& m : doc["mutants"]) {
    std::cout << "  " << m["name"].get<std::string>() << " (of " << m["mutant_of"].get<std::string>()
              << "): " << m["description"].get<std::string>() << "\n"
              << "      must trip " << m["expect_violation"].get<std::string>() << " within "
              << m["max_counterexample_length"].get<int>() << " steps";
    if (!m["scenario"].get<std::string>().empty()) std::cout << " on scenario " << m["scenario"].get<std::string>();
    std::cout << "\n";
  }
  return kExitOk;
}

nlohmann::json ruleset_json(const Ruleset& r) {
  nlohmann::json knobs = nlohmann::json::array();
  for (int i = 0; i < kKnobCount; ++i) {
    const Knob k = static_cast<Knob>(i);
    knobs.push_back({{"name", std::string(knob_spec(k).name)}, {"value", knob_value(k, r.get(k))},
                     {"provenance", provenance_json(r.knob_sources[i])}});
  }
  nlohmann::json perms = nlohmann::json::array();
  for (int i = 0; i < kEffectKindCount; ++i)
    perms.push_back({{"kind", std::string(name(static_cast<EffectKind>(i)))},
                     {"timings", timing_names(r.permissions[i])},
                     {"provenance", provenance_json(r.permission_sources[i])}});
  nlohmann::json j = mutant_json(r);
  j["extends"] = r.extends;
  j["knobs"] = knobs;
  j["permissions"] = perms;
  return j;
}

void print_entry(const std::string& key, const std::string& value, const Provenance& p) {
  std::cout << "  " << std::left << std::setw(40) << key << value << "\n";
  if (!p.sources.empty()) std::cout << "      sources: " << join(p.sources, "; ") << "\n";
  if (!p.note.empty()) std::cout << "      note: " << p.note << "\n";
}

int show_ruleset(const std::string& which, bool json) {
  const Ruleset r = load_ruleset_ref(make_ruleset_ref(which, ""));
  if (json) {
    std::cout << ruleset_json(r).dump(2) << "\n";
    return kExitOk;
  }
  std::cout << "ruleset " << r.name << (r.extends.empty() ? "" : " (extends " + r.extends + ")") << "\n"
            << r.description << "\n";
  if (!r.mutant_of.empty())
    std::cout << "mutant of " << r.mutant_of << "; must trip " << r.expect_violation << " within "
              << r.max_counterexample_length << " steps\n";
  std::cout << "\nknobs:\n";
  for (int i = 0; i < kKnobCount; ++i) {
    const Knob k = static_cast<Knob>(i);
    print_entry(std::string(knob_spec(k).name), knob_value(k, r.get(k)), r.knob_sources[i]);
  }
  std::cout << "\npermissions (effect kind: timings where it may be activated):\n";
  for (int i = 0; i < kEffectKindCount; ++i) {
    const std::string timings = join(timing_names(r.permissions[i]), ", ");
    print_entry(std::string(name(static_cast<EffectKind>(i))), timings.empty() ? "(nowhere)" : timings,
                r.permission_sources[i]);
  }
  return kExitOk;
}

}  // namespace

Command add_rulesets_command(CLI::App& root) {
  auto opts = std::make_shared<RulesetsOptions>();
  CLI::App* app = root.add_subcommand("rulesets", "List the built-in rulesets and mutants");
  app->add_flag("--json", opts->json, "Print one JSON document");
  CLI::App* show = app->add_subcommand("show", "Show every knob and permission of a ruleset with its sources");
  show->add_option("name", opts->show, "Built-in ruleset or mutant name, or a ruleset file")->required();
  show->add_flag("--json", opts->show_json, "Print one JSON document");
  return {app, [opts, show] {
            if (show->parsed()) return show_ruleset(opts->show, opts->show_json || opts->json);
            return list_rulesets(opts->json);
          }};
}

}  // namespace bc::cli
