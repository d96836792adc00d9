/// `battlecheck replay FILE`: re-run a counterexample against the model built
/// from its own scenario and ruleset; print the narrative and whether the
/// recorded violation still reproduces (exit 1) or not (exit 0). A corpus
/// case (docs/corpus.md: its .expected.json or its .jsonl) is re-run from its
/// trace header and action list: exit 0 when the model still gives its trace.
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands/commands.hpp"
#include "counterexamples/replay/replay.hpp"
#include "trace/format/trace_json.hpp"
#include "trace/input/json_input.hpp"
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

/// FILE is a corpus case: NAME.jsonl, or NAME.expected.json whose format says so.
bool is_corpus_case(const std::string& file) {
  if (file.size() > 6 && file.ends_with(".jsonl")) return true;
  if (!file.ends_with(".expected.json")) return false;
  const nlohmann::json doc = parse_json_or_throw(read_input_file(file), file);
  return doc.is_object() && doc.value("format", "") == "battlecheck-corpus-case";
}

/// The action indices of a case's verdict file.
std::vector<std::uint8_t> case_actions(const nlohmann::json& doc, const std::string& path) {
  const auto bad = [&](const std::string& field, const std::string& what) {
    throw InputError(JsonLines(read_input_file(path)).with_line(path + ": field '" + field + "': " + what, path));
  };
  if (!doc.is_object() || !doc.contains("actions") || !doc["actions"].is_array()) bad("actions", "expected an array");
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i < doc["actions"].size(); ++i) {
    const nlohmann::json& a = doc["actions"][i];
    if (!a.is_object() || !a.contains("index") || !a["index"].is_number_unsigned() || a["index"].get<std::uint64_t>() > 255)
      bad("actions[" + std::to_string(i) + "].index", "expected an action index 0..255");
    out.push_back(static_cast<std::uint8_t>(a["index"].get<std::uint64_t>()));
  }
  return out;
}

/// `replay CASE`: the case's actions re-run on its trace header's scenario and ruleset.
int run_replay_case(const ReplayOptions& opts) {
  std::string stem = opts.file;
  stem.resize(stem.size() - (stem.ends_with(".jsonl") ? 6 : 14));
  const std::string trace_path = stem + ".jsonl", expected_path = stem + ".expected.json";
  const TraceFile trace = read_trace(read_input_file(trace_path), trace_path);
  const nlohmann::json doc = parse_json_or_throw(read_input_file(expected_path), expected_path);
  const std::vector<std::uint8_t> actions = case_actions(doc, expected_path);
  const bool negative = doc.value("polarity", "") == "negative";
  const Ruleset rules = load_ruleset(trace.ruleset.empty() ? "mr3" : trace.ruleset);
  const Model model(trace.scenario, rules);
  const Run run = replay(model, actions);
  if (!run.ok()) throw InputError(expected_path + ": " + run.error);
  const std::vector<Event> events = run.all_events();
  std::size_t same = 0;
  while (same < events.size() && same < trace.events.size() && events[same] == trace.events[same]) ++same;
  // A positive case gives its trace exactly; a negative one gives every line before the refused one.
  const bool ok = negative ? same == events.size() && events.size() < trace.events.size()
                           : same == events.size() && same == trace.events.size() && run.terminal;
  const nlohmann::json refusal = doc.value("refusal", nlohmann::json::object());
  const std::string verdict =
      ok ? (negative ? "the model gives the trace up to line " + std::to_string(events.size() + 1) +
                           "; line " + std::to_string(refusal.value("line", events.size() + 2)) + " is refused: " +
                           refusal.value("explanation", std::string("(no explanation)"))
                     : "the model gives the expected trace (" + std::to_string(events.size()) + " events)")
         : "the model's events differ from the expected trace at line " + std::to_string(same + 2);
  if (opts.json) {
    nlohmann::json ev = nlohmann::json::array();
    for (const Event& e : events) ev.push_back(event_to_json(e));
    std::cout << nlohmann::json{{"file", opts.file}, {"case", doc.value("id", "")},
                                {"polarity", negative ? "negative" : "positive"}, {"ruleset", trace.ruleset},
                                {"scenario", trace.scenario.name}, {"length", run.steps.size()},
                                {"reproduces", ok}, {"first_difference_line", ok ? 0 : same + 2},
                                {"verdict", verdict}, {"narrative", run.all_narrative()}, {"events", ev}}.dump(2)
              << "\n";
  } else {
    std::cout << "corpus case: " << doc.value("id", stem) << " (" << (negative ? "negative" : "positive") << ")\n"
              << "ruleset:   " << trace.ruleset << "\nscenario:  " << trace.scenario.name << "\n"
              << "length:    " << run.steps.size() << " actions\n\n"
              << narrative_text(run, -1) << "\nverdict: " << verdict << "\n";
  }
  return ok ? kExitOk : kExitViolation;
}

int run_replay(const ReplayOptions& opts) {
  if (is_corpus_case(opts.file)) return run_replay_case(opts);
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
      "replay",
      "Re-run a counterexample file (exit 1 if its violation reproduces, 0 if the run now holds) or a corpus case "
      "(exit 0 if the model still gives its trace, 1 if not)");
  app->add_option("file", opts->file,
                  "Counterexample JSON file written by `check`/`random`, or a corpus case (cases/ID.expected.json or "
                  "cases/ID.jsonl)")
      ->required();
  app->add_flag("--json", opts->json, "Print one JSON document");
  return {app, [opts] { return run_replay(*opts); }};
}

}  // namespace bc::cli
