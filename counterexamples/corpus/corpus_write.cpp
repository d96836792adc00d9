/// Writing a corpus: per case an expected trace (JSON Lines, trace format v1)
/// and an expected-verdict document; the scenarios as TOML; the coverage
/// report; the index last. Every file is written atomically.
#include <filesystem>
#include <set>

#include "counterexamples/corpus/corpus.hpp"
#include "model/library/cards.hpp"
#include "trace/format/trace_json.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

std::string verdict_of(const CorpusResult& r, const CorpusCase& c, int p) {
  const PropertyKind k = properties()[p].kind;
  if (r.disputed.test(p)) return "disputed";
  if (c.verdicts.violated.test(p)) return "violated";
  if (k == PropertyKind::Sometimes) return c.verdicts.witnessed.test(p) ? "witnessed" : "not_witnessed";
  if (k == PropertyKind::Eventually && !c.terminal) return "not_applicable";
  return "holds";
}

nlohmann::json refusal_json(const CorpusResult& r, const CorpusCase& c, const Refusal& f) {
  const Scenario& sc = r.scenarios[c.scenario].scenario;
  static const char* kRules[] = {"permission", "one_chain", "mutant"};
  nlohmann::json j = {{"expect", "refused"},
                      {"line", f.line},
                      {"activation_line", f.activation_line},
                      {"timing", name(f.timing)},
                      {"event", event_to_json(f.event)},
                      {"action", action_to_json(f.action)},
                      {"action_legal", f.action_legal},
                      {"action_index", f.action_index >= 0 ? nlohmann::json(f.action_index) : nlohmann::json()},
                      {"rule", kRules[static_cast<int>(f.rule)]},
                      {"rule_name", f.rule_name},
                      {"citation", f.citation},
                      {"explanation", f.explanation}};
  if (f.event.type == EventType::Activate) {
    j["kind"] = name(f.event.kind);
    j["card"] = f.event.card;
    if (f.event.card < sc.cards.size()) j["card_name"] = sc.cards[f.event.card].name;
    j["player"] = name(f.event.player);
  }
  if (f.rule == RefusalRule::Permission) {
    nlohmann::json allowed = nlohmann::json::array();
    const EffectKind k = f.event.kind;
    for (int t = 0; t < kTimingCount; ++t)
      if (r.goals.count(activated_goal(static_cast<Timing>(t), k).key())) allowed.push_back(name(static_cast<Timing>(t)));
    j["permitted_timings"] = allowed;
  }
  if (f.property >= 0) j["property"] = properties()[f.property].id;
  return j;
}

}  // namespace

std::string case_trace(const CorpusResult& r, const CorpusCase& c) {
  const Scenario& sc = r.scenarios[c.scenario].scenario;
  TraceHeader h;
  h.version = kTraceVersion;
  h.ruleset = r.ruleset;
  h.scenario = sc;
  std::vector<TraceRecord> records;
  records.reserve(c.events.size());
  for (std::size_t i = 0; i < c.events.size(); ++i) {
    TraceRecord rec;
    rec.event = c.events[i];
    rec.line = i + 2;
    if (rec.event.type == EventType::Activate && rec.event.card < sc.cards.size())
      rec.card_name = sc.cards[rec.event.card].name;
    records.push_back(std::move(rec));
  }
  return write_trace(h, records);
}

nlohmann::json case_to_json(const CorpusResult& r, const CorpusCase& c) {
  nlohmann::json actions = nlohmann::json::array();
  for (std::size_t i = 0; i < c.actions.size(); ++i) {
    nlohmann::json a = {{"index", c.indices[i]}, {"action", action_to_json(c.actions[i])}};
    if (i < c.action_timings.size()) a["timing"] = name(c.action_timings[i]);
    actions.push_back(a);
  }
  nlohmann::json props = nlohmann::json::object();
  for (int p = 0; p < static_cast<int>(properties().size()); ++p) props[std::string(properties()[p].id)] = verdict_of(r, c, p);
  nlohmann::json covers = nlohmann::json::array();
  for (std::uint32_t key : c.covers) covers.push_back(goal_id(Goal::from_key(key)));
  const CorpusScenario& s = r.scenarios[c.scenario];
  nlohmann::json j = {{"format", "battlecheck-corpus-case"},
                      {"version", 1},
                      {"id", c.id},
                      {"polarity", c.polarity == Polarity::Positive ? "positive" : "negative"},
                      {"scenario", s.name},
                      {"scenario_file", "scenarios/" + s.name + ".toml"},
                      {"ruleset", r.ruleset},
                      {"trace", "cases/" + c.id + ".jsonl"},
                      {"trace_lines", c.events.size() + 1},
                      {"actions", actions},
                      {"terminal", c.terminal},
                      {"properties", props},
                      {"covers", covers},
                      {"origin", c.origin}};
  if (c.refusal) j["refusal"] = refusal_json(r, c, *c.refusal);
  const auto simplified = simplified_cards(s.scenario.cards);
  if (!simplified.empty()) {
    nlohmann::json list = nlohmann::json::array();
    for (const SimplifiedCard& card : simplified) list.push_back({{"name", card.name}, {"simplified", card.simplified}});
    j["simplified_cards"] = list;
  }
  return j;
}

namespace {

nlohmann::json index_json(const CorpusResult& r) {
  nlohmann::json scenarios = nlohmann::json::array();
  for (const CorpusScenario& s : r.scenarios) scenarios.push_back({{"name", s.name}, {"file", "scenarios/" + s.name + ".toml"}});
  nlohmann::json cases = nlohmann::json::array();
  for (const CorpusCase& c : r.cases) {
    nlohmann::json entry = {{"id", c.id},
                            {"polarity", c.polarity == Polarity::Positive ? "positive" : "negative"},
                            {"scenario", r.scenarios[c.scenario].name},
                            {"trace", "cases/" + c.id + ".jsonl"},
                            {"expected", "cases/" + c.id + ".expected.json"},
                            {"events", c.events.size()}};
    for (const SimplifiedCard& card : simplified_cards(r.scenarios[c.scenario].scenario.cards))
      entry["simplified_cards"].push_back(card.name);
    cases.push_back(entry);
  }
  return {{"format", "battlecheck-corpus"}, {"version", 1},       {"ruleset", r.ruleset},
          {"mode", r.mode},                 {"scenarios", scenarios}, {"cases", cases},
          {"coverage", "coverage.json"}};
}

}  // namespace

WriteResult write_corpus(const CorpusResult& r, const std::string& dir, bool force) {
  namespace fs = std::filesystem;
  std::vector<std::pair<std::string, std::string>> files;  // relative path, content
  std::set<std::size_t> used;
  for (const CorpusCase& c : r.cases) used.insert(c.scenario);
  for (std::size_t i : used) files.emplace_back("scenarios/" + r.scenarios[i].name + ".toml", scenario_to_toml(r.scenarios[i].scenario));
  for (const CorpusCase& c : r.cases) {
    files.emplace_back("cases/" + c.id + ".jsonl", case_trace(r, c));
    files.emplace_back("cases/" + c.id + ".expected.json", case_to_json(r, c).dump(2) + "\n");
  }
  files.emplace_back("coverage.json", coverage_json(r).dump(2) + "\n");
  files.emplace_back("coverage.md", coverage_markdown(r));
  files.emplace_back("index.json", index_json(r).dump(2) + "\n");
  std::error_code ec;
  if (!force)
    for (const auto& [rel, content] : files)
      if (fs::exists(fs::path(dir) / rel, ec))
        return {false, (fs::path(dir) / rel).string() + ": already exists (use --force to overwrite)"};
  for (const char* sub : {"scenarios", "cases"}) {
    fs::create_directories(fs::path(dir) / sub, ec);
    if (ec) return {false, (fs::path(dir) / sub).string() + ": cannot create directory: " + ec.message()};
  }
  for (const auto& [rel, content] : files) {
    const WriteResult w = write_file_atomic((fs::path(dir) / rel).string(), content, force);
    if (!w.ok) return w;
  }
  return {};
}

}  // namespace bc
