/// `battlecheck replay FILE`: re-run a counterexample against the model built
/// from its own scenario and ruleset; print the narrative and whether the
/// recorded violation still reproduces (exit 1) or not (exit 0).
#include <iostream>
#include <memory>

#include "cli/commands/commands.hpp"
#include "counterexamples/replay/replay.hpp"
#include "trace/format/trace_json.hpp"
#include "model/loaders/loader.hpp"

namespace bc::cli {
namespace {

struct ReplayOptions {
  std::string file;
  bool json = false;
};

/// Does the run show the recorded property failing? For an Eventually
/// property a run ending in a dead end (not over, no action) counts too.
bool reproduces(const Run& run, int property) {
  if (run.verdicts.violated[property]) return true;
  return properties()[property].kind == PropertyKind::Eventually && run.dead_end;
}

std::vector<std::string> other_violations(const Run& run, int property) {
  std::vector<std::string> ids;
  for (int i = 0; i < static_cast<int>(properties().size()); ++i)
    if (i != property && run.verdicts.violated[i]) ids.emplace_back(properties()[i].id);
  return ids;
}

std::string verdict_line(const Run& run, int property, bool again) {
  const std::string id(properties()[property].id);
  if (!again) return "verdict: " + id + " holds on this run: the counterexample no longer reproduces";
  const int at = run.first_violation(property);
  const std::string where = at < 0 ? "the opening"
                            : at < static_cast<int>(run.steps.size()) ? "step " + std::to_string(at + 1)
                                                                      : "the end of the run";
  return "verdict: " + id + " VIOLATED at " + where + ": the counterexample reproduces";
}

nlohmann::json replay_json(const CounterexampleRecord& rec, const Run& run, int property, bool again,
                           bool same_events) {
  nlohmann::json events = nlohmann::json::array();
  for (const Event& e : run.all_events()) events.push_back(event_to_json(e));
  return {{"file", rec.path},
          {"property", rec.property},
          {"ruleset", rec.ruleset.name},
          {"scenario", rec.scenario.name},
          {"length", run.steps.size()},
          {"reproduces", again},
          {"violated_at_step", again ? run.first_violation(property) + 1 : -1},
          {"also_violated", other_violations(run, property)},
          {"events_match_recording", same_events},
          {"narrative", run.all_narrative()},
          {"events", events}};
}

int run_replay(const ReplayOptions& opts) {
  const CounterexampleRecord rec = load_counterexample(opts.file);
  const Ruleset rules = load_ruleset_ref(rec.ruleset);
  const Model model(rec.scenario, rules);
  const Run run = replay(model, rec.actions);
  if (!run.ok()) throw InputError(opts.file + ": " + run.error);
  const int property = property_index(rec.property);
  const bool again = reproduces(run, property);
  const bool same_events = rec.events.empty() || rec.events == run.all_events();
  if (opts.json) {
    std::cout << replay_json(rec, run, property, again, same_events).dump(2) << "\n";
    return again ? kExitViolation : kExitOk;
  }
  const PropertyInfo& p = properties()[property];
  std::cout << "counterexample: " << rec.path << "\n"
            << "property:  " << p.id << " (" << kind_name(p.kind) << "): " << p.statement << "\n"
            << "citations: " << citations_text(p.citations) << "\n"
            << "ruleset:   " << rec.ruleset.name << " (" << rec.ruleset.origin << ")\n"
            << "scenario:  " << rec.scenario.name << "\n"
            << "length:    " << run.steps.size() << " actions\n\n";
  std::cout << narrative_text(run, again ? property : -1) << "\n" << verdict_line(run, property, again) << "\n";
  for (const std::string& id : other_violations(run, property)) std::cout << "also violated: " << id << "\n";
  if (!same_events) std::cout << "note: the events differ from the recorded ones (the model changed since)\n";
  return again ? kExitViolation : kExitOk;
}

}  // namespace

Command add_replay_command(CLI::App& root) {
  auto opts = std::make_shared<ReplayOptions>();
  CLI::App* app = root.add_subcommand(
      "replay", "Re-run a counterexample file; exit 1 if its violation reproduces, 0 if the run now holds");
  app->add_option("file", opts->file, "Counterexample JSON file written by `battlecheck check`")->required();
  app->add_flag("--json", opts->json, "Print one JSON document");
  return {app, [opts] { return run_replay(*opts); }};
}

}  // namespace bc::cli
