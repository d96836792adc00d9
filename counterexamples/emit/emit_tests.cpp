#include "counterexamples/emit/emit_tests.hpp"

#include <cctype>
#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "model/loaders/loader.hpp"
#include "properties/monitors/context.hpp"
#include "properties/monitors/monitor.hpp"
#include "trace/format/trace_json.hpp"

namespace bc {
namespace {

/// A C++ raw string literal of `text` whose delimiter does not occur in it.
std::string raw_literal(const std::string& text) {
  std::string delim = "bc";
  for (int n = 0; text.find(")" + delim + "\"") != std::string::npos; ++n) delim = "bc" + std::to_string(n);
  return "R\"" + delim + "(" + text + ")" + delim + "\"";
}

/// `text` as a C++ identifier part: letters and digits, the rest '_'.
std::string identifier(const std::string& text) {
  std::string out;
  bool upper = true;
  for (const char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0) {
      out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
      upper = false;
    } else {
      upper = true;
    }
  }
  return out.empty() || std::isdigit(static_cast<unsigned char>(out[0])) != 0 ? "T" + out : out;
}

std::string quoted(const std::string& text) { return nlohmann::json(text).dump(); }

/// The line of the trace (header = line 1) whose event first violates `property`; 0 if none does.
int violating_line(const Scenario& scenario, const std::vector<Event>& events, int property) {
  TraceContext ctx = start_context(scenario);
  for (std::size_t k = 0; k < events.size(); ++k) {
    Verdicts v;
    observe(ctx, events[k], v);
    if (v.violated.test(static_cast<std::size_t>(property))) return static_cast<int>(k) + 2;
  }
  return 0;
}

std::string test_source(const Model& model, const RulesetRef& ruleset, int property,
                        const std::vector<std::uint8_t>& actions, int step) {
  const PropertyInfo& p = properties().at(static_cast<std::size_t>(property));
  std::ostringstream list;
  for (std::size_t k = 0; k < actions.size(); ++k) list << (k == 0 ? "" : ", ") << static_cast<int>(actions[k]);
  std::ostringstream out;
  out << "// Emitted by `battlecheck check --emit-tests`: a reproducer of " << p.id << "\n"
      << "// (" << p.statement << ")\n"
      << "// under ruleset " << ruleset.name << " (" << ruleset.origin << ") on scenario " << model.scenario().name
      << ".\n// Build it against battlecheck's libraries (bc_counterexamples) and GoogleTest. It passes while\n"
      << "// these actions still violate the property first at step " << step + 1
      << ", and fails once the model or the\n// ruleset no longer does (a fixed rule, or a changed model).\n"
      << "#include <gtest/gtest.h>\n\n#include <cstdint>\n#include <vector>\n\n"
      << "#include \"counterexamples/replay/replay.hpp\"\n#include \"counterexamples/report/report.hpp\"\n"
      << "#include \"model/loaders/loader.hpp\"\n\nnamespace {\n\n"
      << "constexpr const char* kScenario = " << raw_literal(scenario_to_toml(model.scenario())) << ";\n\n"
      << "const bc::RulesetRef kRuleset{" << quoted(ruleset.name) << ", " << quoted(ruleset.origin) << ", "
      << quoted(ruleset.path) << ", " << raw_literal(ruleset.text) << "};\n\n"
      << "const std::vector<std::uint8_t> kActions = {" << list.str() << "};\n\n}  // namespace\n\n"
      << "TEST(" << identifier("emitted " + model.scenario().name + " " + ruleset.name) << ", "
      << identifier(std::string(p.id)) << "ViolatedAtStep" << step + 1 << ") {\n"
      << "  const bc::Scenario scenario = bc::parse_scenario(kScenario, \"emitted scenario\");\n"
      << "  const bc::Ruleset rules = bc::load_ruleset_ref(kRuleset);\n"
      << "  const bc::Model model(scenario, rules);\n"
      << "  const bc::Run run = bc::replay(model, kActions);\n"
      << "  ASSERT_TRUE(run.ok()) << run.error;\n"
      << "  EXPECT_EQ(run.first_violation(bc::property_index(" << quoted(std::string(p.id)) << ")), " << step
      << ");\n}\n";
  return out.str();
}

}  // namespace

EmittedTest emit_test(const Model& model, const RulesetRef& ruleset, int property, const Run& run,
                      const std::vector<std::uint8_t>& actions) {
  EmittedTest t;
  const std::vector<Event> events = run.all_events();
  t.test_cpp = test_source(model, ruleset, property, actions, run.first_violation(property));
  t.trace = write_trace(model.scenario(), ruleset.name, events);
  t.violating_line = violating_line(model.scenario(), events, property);
  const nlohmann::json expected = {
      {"format", "battlecheck-emitted-expectation"},
      {"trace", nullptr},
      {"command", "battlecheck verify-trace TRACE"},
      {"exit_code", 1},
      {"property", std::string(properties().at(static_cast<std::size_t>(property)).id)},
      {"line", t.violating_line > 0 ? nlohmann::json(t.violating_line) : nlohmann::json(nullptr)},
      {"note", t.violating_line > 0
                   ? "the trace is the model's own run under this ruleset; an engine that plays the same actions "
                     "and emits these events breaks the property at this line"
                   : "no single event breaks the property: the run as a whole does (it cannot end the Battle "
                     "Phase), which verify-trace reports for the whole trace"}};
  t.expected = expected.dump(2) + "\n";
  return t;
}

WriteResult write_emitted_test(const std::string& dir, const std::string& stem, const EmittedTest& t, bool force) {
  namespace fs = std::filesystem;
  std::string name = stem;
  for (char& c : name)
    if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '.' && c != '_') c = '_';
  const std::string base = (fs::path(dir) / name).string();
  nlohmann::json expected = nlohmann::json::parse(t.expected);
  expected["trace"] = name + ".trace.jsonl";
  const std::pair<std::string, std::string> files[] = {{base + "_test.cpp", t.test_cpp},
                                                        {base + ".trace.jsonl", t.trace},
                                                        {base + ".expected.json", expected.dump(2) + "\n"}};
  std::error_code ec;
  for (const auto& [path, text] : files)
    if (!force && fs::exists(path, ec)) return {false, path + ": file exists (use --force to overwrite)"};
  for (const auto& [path, text] : files) {
    WriteResult w = write_file_atomic(path, text, force);
    if (!w.ok) return w;
  }
  return {true, {}};
}

}  // namespace bc
